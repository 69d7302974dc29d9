import t from 'tap';
import { addLike, hasLiked, removeLike } from '../../api/repositories/like-repository.ts';
import { buildCollection, buildItem, buildWebsite } from './helpers/build-site.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const { db } = await openTestDatabase(t, { poolSize: 10 });

async function countsOf(websiteId: string, itemId: string) {
  const item = await db.selectFrom('items').select('likeCount').where('id', '=', itemId).executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('likes')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('websiteId', '=', websiteId)
    .where('itemId', '=', itemId)
    .executeTakeFirstOrThrow();
  return { likeCount: item.likeCount, rows: Number(rows.count) };
}

t.test('likes are idempotent per visitor and the count follows the rows', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const blog = await buildCollection(db, websiteId);
  const post = await buildItem(db, websiteId, blog.id);

  t.same(await addLike(db, websiteId, post.id, 'visitor-a'), { changed: true, likeCount: 1 });
  t.same(await addLike(db, websiteId, post.id, 'visitor-a'), { changed: false, likeCount: 1 }, 'liking twice');
  t.same(await addLike(db, websiteId, post.id, 'visitor-b'), { changed: true, likeCount: 2 });
  t.equal(await hasLiked(db, websiteId, post.id, 'visitor-a'), true);
  t.same(await removeLike(db, websiteId, post.id, 'visitor-a'), { changed: true, likeCount: 1 });
  t.same(await removeLike(db, websiteId, post.id, 'visitor-a'), { changed: false, likeCount: 1 }, 'unliking twice');
  t.equal(await hasLiked(db, websiteId, post.id, 'visitor-a'), false);
  t.same(await countsOf(websiteId, post.id), { likeCount: 1, rows: 1 });

  t.equal(await addLike(db, websiteId, 'missing', 'visitor-a'), undefined);
  t.equal(await removeLike(db, websiteId, 'missing', 'visitor-a'), undefined);
  const other = await buildWebsite(db);
  t.equal(await addLike(db, other.websiteId, post.id, 'visitor-c'), undefined, 'another website cannot like it');
});

t.test('concurrent likes keep the count equal to the rows', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const blog = await buildCollection(db, websiteId);
  const post = await buildItem(db, websiteId, blog.id);
  const visitors = Array.from({ length: 20 }, (_, n) => `v${n % 10}`);
  await Promise.all(visitors.map((visitor) => addLike(db, websiteId, post.id, visitor)));
  t.same(await countsOf(websiteId, post.id), { likeCount: 10, rows: 10 });
  await Promise.all(visitors.map((visitor) => removeLike(db, websiteId, post.id, visitor)));
  t.same(await countsOf(websiteId, post.id), { likeCount: 0, rows: 0 });
});
