import t from 'tap';
import {
  findWebsiteByHost,
  getWebsite,
  listDomains,
  normalizeHost,
} from '../../api/repositories/website-repository.ts';
import { buildWebsite } from './helpers/build-site.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const { db } = await openTestDatabase(t);

t.test('normalizeHost lowercases and strips ports and the root dot', async (t) => {
  t.equal(normalizeHost('Shop.Example.COM:8080'), 'shop.example.com');
  t.equal(normalizeHost('example.com.'), 'example.com');
  t.equal(normalizeHost(' example.com '), 'example.com');
  t.equal(normalizeHost('[::1]:3000'), '[::1]');
  t.equal(normalizeHost('[::1]'), '[::1]');
  t.equal(normalizeHost(''), '');
});

t.test('findWebsiteByHost finds the website and its settings', async (t) => {
  const { websiteId } = await buildWebsite(db, {
    host: 'bakery.example.test',
    siteTitle: 'Bakery',
    baseCurrency: 'JPY',
  });
  await db.insertInto('domains').values({ host: 'www.bakery.example.test', websiteId }).execute();

  const found = await findWebsiteByHost(db, 'Bakery.Example.Test:443');
  t.equal(found?.website.id, websiteId);
  t.equal(found?.website.siteTitle, 'Bakery');
  t.equal(found?.settings.baseCurrency, 'JPY');
  t.equal(found?.settings.timeZone, 'America/New_York', 'defaults come from the schema');
  t.equal((await findWebsiteByHost(db, 'www.bakery.example.test'))?.website.id, websiteId, 'any of its domains');
  t.equal(await findWebsiteByHost(db, 'unknown.example.test'), undefined);
  t.equal(await findWebsiteByHost(db, ''), undefined);
  t.equal(await findWebsiteByHost(db, 'bakery.example'), undefined, 'no suffix matching');

  t.same(await listDomains(db, websiteId), [
    { host: 'bakery.example.test', isPrimary: true },
    { host: 'www.bakery.example.test', isPrimary: false },
  ]);
});

t.test('getWebsite by id; a website without settings is not served', async (t) => {
  const { websiteId } = await buildWebsite(db);
  t.equal((await getWebsite(db, websiteId))?.settings.websiteId, websiteId);
  t.equal(await getWebsite(db, 'missing'), undefined);

  await db.insertInto('websites').values({ id: 'bare', identifier: 'bare', siteTitle: 'Bare' }).execute();
  await db.insertInto('domains').values({ host: 'bare.example.test', websiteId: 'bare' }).execute();
  t.equal(await getWebsite(db, 'bare'), undefined);
  t.equal(await findWebsiteByHost(db, 'bare.example.test'), undefined);
});
