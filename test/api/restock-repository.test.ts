import { sql } from 'kysely';
import t from 'tap';
import { InvalidCursorError } from '../../api/repositories/cursor.ts';
import { listSignUpGroups, listSignUps, markNotified, signUp } from '../../api/repositories/restock-repository.ts';
import { buildCollection, buildProduct, buildWebsite } from './helpers/build-site.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const { db } = await openTestDatabase(t);

async function store() {
  const { websiteId } = await buildWebsite(db);
  const shop = await buildCollection(db, websiteId);
  return { websiteId, shop };
}

t.test('signing up is idempotent per email, whatever its case', async (t) => {
  const { websiteId, shop } = await store();
  const { item, variants } = await buildProduct(db, websiteId, shop.id, { variants: [{ qtyInStock: 0 }] });
  const request = { productId: item.id, variantId: variants[0].id };

  const first = await signUp(db, websiteId, { ...request, email: 'Ann@Example.test' });
  t.match(first, { ok: true, created: true });
  const again = await signUp(db, websiteId, { ...request, email: 'ann@example.TEST', joinMailingList: true });
  t.match(again, { ok: true, created: false });
  t.equal(first.ok && again.ok && first.id === again.id, true, 'the same sign-up');
  const rows = await db.selectFrom('restockSignups').selectAll().where('websiteId', '=', websiteId).execute();
  t.equal(rows.length, 1);
  t.equal(rows[0]?.email, 'Ann@Example.test', 'the first spelling is kept');
  t.equal(rows[0]?.joinMailingList, true, 'opting in later sticks');

  await signUp(db, websiteId, { ...request, email: 'ann@example.test', joinMailingList: false });
  const kept = await db
    .selectFrom('restockSignups')
    .select('joinMailingList')
    .where('websiteId', '=', websiteId)
    .execute();
  t.same(kept, [{ joinMailingList: true }], 'signing up again without opting in does not opt out');
});

t.test('sign-ups are refused for unknown or mismatched variants', async (t) => {
  const { websiteId, shop } = await store();
  const a = await buildProduct(db, websiteId, shop.id);
  const b = await buildProduct(db, websiteId, shop.id);
  t.same(await signUp(db, websiteId, { productId: a.item.id, variantId: b.variants[0].id, email: 'x@y.co' }), {
    ok: false,
    reason: 'not-found',
  });
  t.same(await signUp(db, websiteId, { productId: a.item.id, variantId: 'missing', email: 'x@y.co' }), {
    ok: false,
    reason: 'not-found',
  });
  const other = await buildWebsite(db);
  t.same(
    await signUp(db, other.websiteId, { productId: a.item.id, variantId: a.variants[0].id, email: 'x@y.co' }),
    { ok: false, reason: 'not-found' },
    'not for another website’s variant',
  );
});

t.test('groups and sign-ups page with opaque cursors', async (t) => {
  const { websiteId, shop } = await store();
  const products = [];
  for (let n = 0; n < 3; n++) {
    products.push(await buildProduct(db, websiteId, shop.id, { title: `P${n}`, variants: [{}, {}] }));
  }
  // 6 variants; variant k gets k+1 sign-ups.
  const variants = products.flatMap((p) => p.variants);
  for (const [k, variant] of variants.entries()) {
    for (let n = 0; n <= k; n++) {
      await signUp(db, websiteId, {
        productId: variant.itemId,
        variantId: variant.id,
        email: `v${k}-${n}@example.test`,
      });
    }
  }

  const seen = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await listSignUpGroups(db, websiteId, cursor, { limit: 4 });
    seen.push(...page.signUpGroups);
    cursor = page.nextPageCursor;
    t.equal(page.hasNextPage, cursor !== null);
    pages++;
  } while (cursor);
  t.equal(pages, 2, '6 groups in pages of 4');
  t.equal(seen.length, 6);
  t.equal(new Set(seen.map((g) => g.variantId)).size, 6, 'no group repeated or skipped');
  const target = variants[5];
  if (!target) throw new Error('expected six variants');
  const biggest = seen.find((g) => g.variantId === target.id);
  t.match(biggest, { signUpCount: 6, pendingCount: 6, sku: target.sku, productName: 'P2' });

  const exact = await listSignUpGroups(db, websiteId, null, { limit: 6 });
  t.equal(exact.hasNextPage, false, 'a page that ends exactly at the last group has no next');
  t.equal(exact.nextPageCursor, null);

  // Same created_on for all, down to the microsecond: the id breaks ties.
  await sql`update restock_signups set created_on = date_trunc('second', now()) + interval '7 microseconds'
    where website_id = ${websiteId} and variant_id = ${target.id}`.execute(db);
  const emails: string[] = [];
  cursor = null;
  do {
    const page = await listSignUps(db, websiteId, target.itemId, target.id, cursor, { limit: 4 });
    emails.push(...page.signUps.map((s) => s.email));
    cursor = page.nextPageCursor;
  } while (cursor);
  t.equal(emails.length, 6);
  t.equal(new Set(emails).size, 6, 'keyset paging neither repeats nor skips');

  await t.rejects(listSignUpGroups(db, websiteId, 'not-a-cursor'), InvalidCursorError);
  await t.rejects(listSignUps(db, websiteId, target.itemId, target.id, 'bm9wZQ'), InvalidCursorError);
  await t.rejects(listSignUpGroups(db, websiteId, null, { limit: 0 }), RangeError);
  const other = await buildWebsite(db);
  t.same((await listSignUpGroups(db, other.websiteId)).signUpGroups, [], 'another website sees none');
});

t.test('markNotified claims the pending sign-ups once', async (t) => {
  const { websiteId, shop } = await store();
  const { item, variants } = await buildProduct(db, websiteId, shop.id);
  const variantId = variants[0].id;
  for (const email of ['a@example.test', 'b@example.test']) {
    await signUp(db, websiteId, { productId: item.id, variantId, email, language: 'fr-FR' });
  }
  const claimed = await markNotified(db, websiteId, item.id, variantId);
  t.same(claimed.map((s) => s.email).sort(), ['a@example.test', 'b@example.test']);
  t.equal(claimed[0]?.language, 'fr-FR');
  t.same(await markNotified(db, websiteId, item.id, variantId), [], 'nobody is mailed twice');
  const [group] = (await listSignUpGroups(db, websiteId)).signUpGroups;
  t.match(group, { signUpCount: 2, pendingCount: 0 });

  await signUp(db, websiteId, { productId: item.id, variantId, email: 'A@example.test' });
  t.same(
    (await markNotified(db, websiteId, item.id, variantId)).map((s) => s.email),
    ['a@example.test'],
    'signing up again asks for the next notice',
  );
});
