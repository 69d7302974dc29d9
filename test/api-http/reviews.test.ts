/**
 * The review calls (api/http/review-routes.ts) through inject(): a good
 * review is stored, counted in the average and shown on the product's page
 * at once; each bad field gets its own message and nothing is written; the
 * crumb is needed as for every write; only visible products take reviews;
 * an address is limited, and a refused request writes nothing.
 */
import t from 'tap';
import { DEMO_WEBSITE_ID, demoId } from '../../api/seed/demo-ids.ts';
import { REVIEW_LIMITS, REVIEW_MESSAGES } from '../../shared/review-rules.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { HOST, Visitor } from './api-helpers.ts';

const REVIEW_LIMIT = 4;
const { app, handle } = await openDemoApp(t, {
  server: { limits: { 'review-submit': { max: REVIEW_LIMIT, windowMs: 60_000 } } },
});
const db = handle.db;

const MUG = demoId('product', 'stoneware-mug');
const MUG_PAGE = '/shop/stoneware-mug';
const BOWL = demoId('product', 'speckled-serving-bowl');
const POST = demoId('post', 'notes-from-huila');
const reviewsPath = (itemId: string) => `/api/content/items/${itemId}/reviews`;

const good = { rating: 4, title: 'Solid mug', body: 'Holds heat well.\nWashes up fine.', authorName: 'Robin' };

async function storedCount(itemId?: string): Promise<number> {
  let query = db
    .selectFrom('productReviews')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('websiteId', '=', DEMO_WEBSITE_ID);
  if (itemId) query = query.where('itemId', '=', itemId);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

t.test('the demo products come with reviews and an average', async (t) => {
  const answer = await new Visitor(app).request('GET', reviewsPath(MUG));
  t.equal(answer.statusCode, 200);
  const { summary, reviews } = answer.json();
  t.same(summary, { count: 2, average: 4 });
  t.equal(reviews.length, 2);
  t.equal(reviews[0].title, 'Smaller than I thought', 'newest first');
  const none = await new Visitor(app).request('GET', reviewsPath(BOWL));
  t.same(none.json(), { summary: { count: 0, average: null }, reviews: [] });
});

t.test('a review is stored, averaged and shown on the product page at once', async (t) => {
  const visitor = new Visitor(app);
  const page = () => app.inject({ method: 'GET', url: MUG_PAGE, headers: { host: HOST } });
  const before = (await page()).body;
  t.match(before, /4\.0<\/span> out of 5/);
  t.notMatch(before, /Solid mug/);

  const posted = await visitor.request('POST', reviewsPath(MUG), { ...good, title: '  Solid mug  ' });
  t.equal(posted.statusCode, 201);
  const { review, summary } = posted.json();
  t.match(review, { rating: 4, title: 'Solid mug', body: good.body, authorName: 'Robin' }, 'trimmed');
  t.type(review.addedOn, 'number');
  t.same(summary, { count: 3, average: 4 });

  const after = (await page()).body;
  t.match(after, /Solid mug/, 'a kept page is not served stale');
  t.match(after, /Holds heat well\.<br/, 'line breaks kept');
  t.match(after, /\(3 reviews\)/);
});

t.test('each bad field gets its own message and nothing is written', async (t) => {
  const visitor = new Visitor(app);
  const count = await storedCount();
  const bad = await visitor.request('POST', reviewsPath(BOWL), {
    rating: 6,
    title: '   ',
    body: 'x'.repeat(REVIEW_LIMITS.maxBody + 1),
    authorName: 'y'.repeat(REVIEW_LIMITS.maxAuthorName + 1),
  });
  t.equal(bad.statusCode, 400);
  t.same(bad.json().error.fields, {
    rating: REVIEW_MESSAGES.rating,
    title: REVIEW_MESSAGES.titleMissing,
    body: REVIEW_MESSAGES.bodyTooLong,
    authorName: REVIEW_MESSAGES.authorTooLong,
  });
  for (const rating of [0, 2.5, 'five', null]) {
    // Each from an address of its own: refused requests count against an address's limit too.
    const answer = await new Visitor(app).request('POST', reviewsPath(BOWL), { ...good, rating });
    t.equal(answer.statusCode, 400, `rating ${String(rating)}`);
    t.equal(answer.json().error.fields.rating, REVIEW_MESSAGES.rating);
  }
  const missing = await new Visitor(app).request('POST', reviewsPath(BOWL), {});
  t.same(Object.keys(missing.json().error.fields).sort(), ['authorName', 'body', 'rating', 'title']);
  t.equal(await storedCount(), count);
});

t.test('a review is a write: without the crumb it is refused', async (t) => {
  const count = await storedCount();
  const answer = await app.inject({
    method: 'POST',
    url: reviewsPath(BOWL),
    remoteAddress: '10.77.0.1',
    headers: { host: HOST, 'content-type': 'application/json' },
    payload: JSON.stringify(good),
  });
  t.equal(answer.statusCode, 403);
  t.equal(await storedCount(), count);
});

t.test('only products a visitor can see take reviews', async (t) => {
  const visitor = new Visitor(app);
  const count = await storedCount();
  for (const itemId of [POST, demoId('product', 'no-such-product')]) {
    const get = await visitor.request('GET', reviewsPath(itemId));
    t.equal(get.statusCode, 404);
    const post = await visitor.request('POST', reviewsPath(itemId), good);
    t.equal(post.statusCode, 404);
    t.equal(post.json().error.message, 'That product was not found.');
  }
  t.equal((await visitor.request('GET', reviewsPath('not-an-id'))).statusCode, 400);
  t.equal(await storedCount(), count);
});

t.test('an address is limited; the refused review writes nothing', async (t) => {
  const visitor = new Visitor(app);
  const count = await storedCount(BOWL);
  for (let n = 1; n <= REVIEW_LIMIT; n++) {
    const answer = await visitor.request('POST', reviewsPath(BOWL), { ...good, title: `Review ${n}` });
    t.equal(answer.statusCode, 201, `review ${n}`);
  }
  const over = await visitor.request('POST', reviewsPath(BOWL), good);
  t.equal(over.statusCode, 429);
  t.ok(Number(over.headers['retry-after']) > 0, 'says when to try again');
  t.equal(await storedCount(BOWL), count + REVIEW_LIMIT);
  const other = await new Visitor(app).request('POST', reviewsPath(BOWL), good);
  t.equal(other.statusCode, 201, 'another address is not held back');
});
