import { createHash } from 'node:crypto';
import t from 'tap';
import { createApiKey, findApiKey, listApiKeys, revokeApiKey } from '../../api/repositories/api-key-repository.ts';
import { buildWebsite } from './helpers/build-site.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const { db } = await openTestDatabase(t);

t.test('a key is shown once and stored only as its sha256', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const { key, apiKey } = await createApiKey(db, websiteId, 'Inventory sync', ['commerce.inventory:read']);
  t.match(key, /^sbk_[A-Za-z0-9_-]{43}$/);
  t.equal(apiKey.keyPrefix, key.slice(0, 10));
  t.notOk('keyHash' in apiKey);
  t.same(apiKey.permissions, ['commerce.inventory:read']);
  t.equal(apiKey.lastUsedOn, null);

  const row = await db.selectFrom('apiKeys').selectAll().where('id', '=', apiKey.id).executeTakeFirstOrThrow();
  t.equal(row.keyHash, createHash('sha256').update(key).digest('hex'));
  t.notOk(JSON.stringify(row).includes(key), 'the clear key appears nowhere in the row');

  const listed = await listApiKeys(db, websiteId);
  t.equal(listed.length, 1);
  t.notOk(JSON.stringify(listed).includes(row.keyHash), 'listing never shows hashes');
});

t.test('findApiKey checks the key, notes its use and refuses revoked keys', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const { key, apiKey } = await createApiKey(db, websiteId, 'Orders', []);
  const found = await findApiKey(db, websiteId, key);
  t.equal(found?.id, apiKey.id);
  t.ok(found?.lastUsedOn instanceof Date, 'last use recorded');
  t.equal(await findApiKey(db, websiteId, `${key}x`), undefined);
  t.equal(await findApiKey(db, websiteId, ''), undefined);
  const other = await buildWebsite(db);
  t.equal(await findApiKey(db, other.websiteId, key), undefined, 'a key only opens its own website');

  t.equal(await revokeApiKey(db, other.websiteId, apiKey.id), false);
  t.equal(await revokeApiKey(db, websiteId, apiKey.id), true);
  t.equal(await revokeApiKey(db, websiteId, apiKey.id), false, 'already revoked');
  t.equal(await findApiKey(db, websiteId, key), undefined, 'revoked');
  const [listed] = await listApiKeys(db, websiteId);
  t.ok(listed?.revokedOn instanceof Date, 'revoked keys stay listed');
});
