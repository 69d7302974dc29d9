import t from 'tap';
import { addComment, countComments, listComments } from '../../api/repositories/comment-repository.ts';
import { buildCollection, buildItem, buildWebsite } from './helpers/build-site.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const { db } = await openTestDatabase(t);

t.test('approved comments come back threaded with a count', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const blog = await buildCollection(db, websiteId);
  const post = await buildItem(db, websiteId, blog.id);
  const quiet = await buildItem(db, websiteId, blog.id);
  const add = async (body: string, parentId: string | null, approved = true) => {
    const id = await addComment(db, websiteId, {
      itemId: post.id,
      parentId,
      authorName: 'Ann',
      authorEmail: 'ann@example.test',
      body,
      approved,
    });
    if (!id) throw new Error('comment refused');
    // Distinct times so the order is the order of writing.
    await db
      .updateTable('comments')
      .set({ addedOn: new Date(Date.UTC(2024, 0, 1, 0, 0, Number(body.replace(/\D/g, '')))) })
      .where('id', '=', id)
      .execute();
    return id;
  };
  const first = await add('c1', null);
  await add('c2', null);
  const reply = await add('c3', first);
  await add('c4', reply);
  const spam = await add('c5', null, false);
  await add('c6', spam);

  const thread = await listComments(db, websiteId, post.id);
  t.equal(thread.count, 4, 'the unapproved comment and the reply under it are hidden');
  t.same(
    thread.comments.map((c) => c.body),
    ['c1', 'c2'],
  );
  t.same(
    thread.comments[0]?.replies.map((c) => c.body),
    ['c3'],
  );
  t.same(
    thread.comments[0]?.replies[0]?.replies.map((c) => c.body),
    ['c4'],
  );
  const [firstComment] = thread.comments;
  if (!firstComment) throw new Error('no comments listed');
  t.notOk('authorEmail' in firstComment, 'emails stay private');

  const counts = await countComments(db, websiteId, [post.id, quiet.id]);
  t.equal(counts.get(post.id), 4, 'the batch count agrees with the thread');
  t.equal(counts.get(quiet.id), 0);
  t.same(await listComments(db, websiteId, quiet.id), { comments: [], count: 0 });
});

t.test('a reply must answer a comment on the same item', async (t) => {
  const { websiteId } = await buildWebsite(db);
  const blog = await buildCollection(db, websiteId);
  const a = await buildItem(db, websiteId, blog.id);
  const b = await buildItem(db, websiteId, blog.id);
  const onA = await addComment(db, websiteId, { itemId: a.id, authorName: 'A', body: 'hi' });
  t.ok(onA);
  t.equal(await addComment(db, websiteId, { itemId: b.id, parentId: onA, authorName: 'B', body: 'x' }), undefined);
  t.equal(
    await addComment(db, websiteId, { itemId: a.id, parentId: 'missing', authorName: 'B', body: 'x' }),
    undefined,
  );
  const other = await buildWebsite(db);
  t.same(await listComments(db, other.websiteId, a.id), { comments: [], count: 0 }, 'another website sees none');
});
