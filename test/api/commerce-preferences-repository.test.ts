import t from 'tap';
import { getPreferences, putPreferences } from '../../api/repositories/commerce-preferences-repository.ts';
import { buildWebsite } from './helpers/build-site.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const { db } = await openTestDatabase(t);

t.test('preferences per namespace, {} when none, websiteId stripped', async (t) => {
  const { websiteId } = await buildWebsite(db);
  t.same(await getPreferences(db, websiteId, 'checkout'), {});
  const stored = await putPreferences(db, websiteId, 'checkout', { websiteId: 'someone-else', expressCheckout: true });
  t.same(stored, { expressCheckout: true });
  t.same(await getPreferences(db, websiteId, 'checkout'), { expressCheckout: true });

  await putPreferences(db, websiteId, 'checkout', { tipping: { enabled: false } });
  t.same(await getPreferences(db, websiteId, 'checkout'), { tipping: { enabled: false } }, 'a put replaces');
  t.same(await getPreferences(db, websiteId, 'shipping'), {}, 'namespaces are separate');
  const other = await buildWebsite(db);
  t.same(await getPreferences(db, other.websiteId, 'checkout'), {}, 'websites are separate');

  await db
    .updateTable('commercePreferences')
    .set({ preferences: JSON.stringify({ websiteId, legacy: 1 }) })
    .where('websiteId', '=', websiteId)
    .execute();
  t.same(await getPreferences(db, websiteId, 'checkout'), { legacy: 1 }, 'stripped on the way out too');
});
