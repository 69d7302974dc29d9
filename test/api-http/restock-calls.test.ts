/**
 * The restock calls of spec section 7 through inject(): a visitor's sign-up
 * (every message, the 429, malformed bodies that never answer 500 and never
 * store half a sign-up), and the owner's lists and sends with an API key
 * (401s, paging with cursors, a second send that mails nobody twice, and
 * writes that need no crumb because the key authenticates them).
 */
import t from 'tap';
import { listOutbox } from '../../api/mail/index.ts';
import { createApiKey, revokeApiKey } from '../../api/repositories/api-key-repository.ts';
import { signUp } from '../../api/repositories/restock-repository.ts';
import { DEMO_WEBSITE_ID, demoId } from '../../api/seed/demo-ids.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { HOST, Visitor } from './api-helpers.ts';

const { app, handle } = await openDemoApp(t, {
  server: { limits: { 'restock-signup': { max: 6, windowMs: 60_000 } } },
});
const db = handle.db;

const PATH = '/api/site-users/account/notifications/restock';
const variant = (sku: string) => demoId('variant', sku.toLowerCase());
const product = (slug: string) => demoId('product', slug);
// Sold out in the demo store (api/seed/demo-products.ts).
const MUG = product('stoneware-mug');
const TERRA = variant('FW-MUG-TERRA');
const BOWL = product('speckled-serving-bowl');
const BOWL_WHITE = variant('FW-BOWL-WHITE');
const BOWL_ASH = variant('FW-BOWL-ASH');

const { key } = await createApiKey(db, DEMO_WEBSITE_ID, 'tests', ['restock-notifications']);

/** An owner call: the key in the Authorization header, no cookie and no crumb. */
function owner(method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method,
    url,
    headers: {
      host: HOST,
      authorization: `Bearer ${key}`,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
  });
}

const signUpBody = (email: string, extra: Record<string, unknown> = {}) => ({
  productId: MUG,
  variantId: TERRA,
  siteVisitorEmail: email,
  isJoinMailingList: false,
  ...extra,
});

/** A sign-up from a visitor of its own, so the per-address limit only trips in its own test. */
const post = (body: unknown, headers: Record<string, string> = {}) =>
  new Visitor(app).request('POST', PATH, body, headers);

async function signUpCount(): Promise<number> {
  const row = await db
    .selectFrom('restockSignups')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

t.test('a visitor signs up for a sold-out variant', async (t) => {
  const visitor = new Visitor(app);
  const response = await visitor.request(
    'POST',
    PATH,
    signUpBody('  Ann@Example.com ', { isJoinMailingList: true, language: 'fr-CA' }),
  );
  t.equal(response.statusCode, 200, response.body);
  t.equal(response.headers['cache-control'], 'no-store');
  t.type(response.json().id, 'string');
  const row = await db
    .selectFrom('restockSignups')
    .selectAll()
    .where('id', '=', response.json().id)
    .executeTakeFirstOrThrow();
  t.match(row, { email: 'Ann@Example.com', joinMailingList: true, language: 'fr-CA', notifiedOn: null });

  const again = await visitor.request('POST', PATH, signUpBody('ann@example.com'));
  t.equal(again.statusCode, 200);
  t.equal(again.json().id, response.json().id, 'the same address in another case is the same sign-up');
  await db.deleteFrom('restockSignups').execute();
});

t.test('the spec messages for the email, the variant and the crumb', async (t) => {
  const visitor = new Visitor(app);
  for (const email of [undefined, null, '', '   ']) {
    const blank = await post({ productId: MUG, variantId: TERRA, siteVisitorEmail: email });
    t.equal(blank.statusCode, 400);
    t.same(blank.json().error, {
      code: 'restock-email-blank',
      message: 'Email cannot be blank',
      fields: { siteVisitorEmail: 'Email cannot be blank' },
    });
  }
  for (const email of ['ann', 'ann@example', 'ann@@example.com', `${'a'.repeat(250)}@example.com`]) {
    const invalid = await post(signUpBody(email));
    t.equal(invalid.statusCode, 400, email);
    t.same(invalid.json().error, {
      code: 'restock-email-invalid',
      message: 'Email is invalid',
      fields: { siteVisitorEmail: 'Email is invalid' },
    });
  }
  const unknown = await post(signUpBody('ann@example.com', { variantId: BOWL_WHITE }));
  t.equal(unknown.statusCode, 404, 'a variant of another product');
  t.equal(unknown.json().error.code, 'restock-variant-not-found');
  const inStock = await post(signUpBody('ann@example.com', { variantId: variant('FW-MUG-OAT') }));
  t.equal(inStock.statusCode, 409);
  t.same(inStock.json().error, { code: 'restock-in-stock', message: 'This item is back in stock.' });

  const noCrumb = await app.inject({
    method: 'POST',
    url: PATH,
    remoteAddress: '10.9.0.1',
    headers: { host: HOST, cookie: visitor.cookieHeader, 'content-type': 'application/json' },
    payload: JSON.stringify(signUpBody('ann@example.com')),
  });
  t.equal(noCrumb.statusCode, 403);
  t.equal(noCrumb.json().error.message, 'Your session has expired. Please reload the page and try again.');
  const keyInsteadOfCrumb = await app.inject({
    method: 'POST',
    url: PATH,
    remoteAddress: '10.9.0.1',
    headers: { host: HOST, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    payload: JSON.stringify(signUpBody('ann@example.com')),
  });
  t.equal(keyInsteadOfCrumb.statusCode, 403, 'a key does not stand in for the crumb on a visitor call');
  t.equal(await signUpCount(), 0, 'nothing stored');
});

t.test('malformed bodies answer 400 and store nothing', async (t) => {
  const bodies: unknown[] = [
    '{"productId":',
    '[]',
    '"text"',
    '42',
    {},
    { productId: MUG },
    signUpBody('ann@example.com', { productId: 7 }),
    signUpBody('ann@example.com', { variantId: ['x'] }),
    signUpBody('ann@example.com', { variantId: 'x'.repeat(500) }),
    signUpBody('ann@example.com', { isJoinMailingList: 'yes' }),
    signUpBody('ann@example.com', { language: 'fr CA; drop table' }),
    signUpBody('ann@example.com', { captchaToken: { a: 1 } }),
    { ...signUpBody('ann@example.com'), siteVisitorEmail: 12 },
    signUpBody('ann\u0000@example.com'),
  ];
  for (const body of bodies) {
    const response = await post(body, { 'content-type': 'application/json' });
    t.equal(response.statusCode, 400, JSON.stringify(body));
    t.type(response.json().error.message, 'string');
  }
  const form = await post('productId=1&variantId=2&siteVisitorEmail=a%40b.com', {
    'content-type': 'application/x-www-form-urlencoded',
  });
  t.equal(form.statusCode, 404, 'a form-encoded body reads the same fields; this variant does not exist');
  t.equal(await signUpCount(), 0, 'nothing stored');
});

t.test('owner calls need a valid API key: 401 otherwise', async (t) => {
  const calls: Array<['GET' | 'POST', string, unknown?]> = [
    ['GET', `${PATH}/groups`],
    ['GET', `${PATH}?productId=${MUG}&variantId=${TERRA}`],
    ['POST', `${PATH}/send`, { productId: MUG, variantId: TERRA }],
    ['POST', `${PATH}/send/all`, { sendRequests: [{ productId: MUG, variantId: TERRA }] }],
  ];
  const { key: revoked, apiKey } = await createApiKey(db, DEMO_WEBSITE_ID, 'old', ['restock-notifications']);
  await revokeApiKey(db, DEMO_WEBSITE_ID, apiKey.id);
  const { key: noPermission } = await createApiKey(db, DEMO_WEBSITE_ID, 'none', []);
  const visitor = new Visitor(app);
  for (const [method, url, payload] of calls) {
    const none = await owner(method, url, payload, { authorization: '' });
    t.equal(none.statusCode, 401, `${method} ${url} without a key`);
    t.equal(none.json().error.code, 'owner-not-signed-in');
    for (const header of [`Bearer ${key}x`, `Bearer ${revoked}`, 'Bearer sbk_nothing', `Bearer ${'k'.repeat(5000)}`]) {
      const refused = await owner(method, url, payload, { authorization: header });
      t.equal(refused.statusCode, 401, `${method} ${url}`);
      t.same(refused.json().error, {
        code: 'api-key-refused',
        message: 'The API key is not valid for this website, or has been revoked.',
      });
    }
    const basic = await owner(method, url, payload, { authorization: `Basic ${key}` });
    t.equal(basic.json().error.code, 'owner-not-signed-in', 'only a bearer key counts');
    const forbidden = await owner(method, url, payload, { authorization: `Bearer ${noPermission}` });
    t.equal(forbidden.statusCode, 403);
    t.equal(forbidden.json().error.code, 'api-key-forbidden');
    // A visitor's cookies and crumb are no key, and neither is a key in a cookie.
    const cookies = await visitor.request(method, url, payload);
    t.equal(cookies.statusCode, 401, `${method} ${url} with a crumb`);
    const keyCookie = await visitor.request(method, url, payload, {
      cookie: `${visitor.cookieHeader}; authorization=Bearer%20${key}; apiKey=${key}`,
    });
    t.equal(keyCookie.statusCode, 401, 'a key in a cookie is not read');
  }
  const otherSite = await owner('GET', `${PATH}/groups`, undefined, { host: 'elsewhere.example' });
  t.equal(otherSite.statusCode, 404, 'an unknown host is no website');
});

t.test('owner lists page with cursors', async (t) => {
  const emails = ['a@example.com', 'b@example.com', 'c@example.com'];
  for (const email of emails) await signUp(db, DEMO_WEBSITE_ID, { productId: MUG, variantId: TERRA, email });
  await signUp(db, DEMO_WEBSITE_ID, { productId: BOWL, variantId: BOWL_WHITE, email: 'd@example.com' });
  await signUp(db, DEMO_WEBSITE_ID, { productId: BOWL, variantId: BOWL_ASH, email: 'e@example.com' });

  const groups = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const url: string = `${PATH}/groups?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await owner('GET', url);
    t.equal(response.statusCode, 200, response.body);
    const page = response.json();
    t.same(Object.keys(page).sort(), ['hasNextPage', 'nextPageCursor', 'signUpGroups']);
    t.ok(page.signUpGroups.length <= 2);
    t.equal(page.hasNextPage, page.nextPageCursor !== null);
    groups.push(...page.signUpGroups);
    cursor = page.nextPageCursor;
    pages++;
  } while (cursor);
  t.equal(pages, 2);
  t.same(groups.map((group) => group.variantId).sort(), [TERRA, BOWL_WHITE, BOWL_ASH].sort());
  t.match(
    groups.find((group) => group.variantId === TERRA),
    {
      productId: MUG,
      productName: 'Stoneware Mug',
      sku: 'FW-MUG-TERRA',
      signUpCount: 3,
      pendingCount: 3,
      sentCount: 0,
    },
  );
  const all = await owner('GET', `${PATH}/groups`);
  t.same(all.json().signUpGroups, groups, 'one default page holds them all');
  t.equal(all.json().hasNextPage, false);

  const seen: string[] = [];
  cursor = null;
  do {
    const url: string = `${PATH}?productId=${MUG}&variantId=${TERRA}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page = (await owner('GET', url)).json();
    t.same(Object.keys(page).sort(), ['hasNextPage', 'nextPageCursor', 'signUps']);
    seen.push(...page.signUps.map((signUp: { email: string }) => signUp.email));
    cursor = page.nextPageCursor;
  } while (cursor);
  t.same([...seen].sort(), emails, 'each once');
  const whole = (await owner('GET', `${PATH}?productId=${MUG}&variantId=${TERRA}`)).json();
  t.same(
    seen,
    whole.signUps.map((signUp: { email: string }) => signUp.email),
    'the pages in the order of one whole page',
  );

  // '["x","y"]' is a well-formed groups cursor (it pages past nothing), but no sign-ups cursor: x is no time.
  const notATime = encodeURIComponent(Buffer.from('["x","y"]').toString('base64url'));
  for (const bad of ['nonsense', 'W10', notATime]) {
    if (bad !== notATime) {
      const groupsCursor = await owner('GET', `${PATH}/groups?cursor=${bad}`);
      t.equal(groupsCursor.statusCode, 400, `groups cursor ${bad}`);
      t.equal(groupsCursor.json().error.code, 'invalid-cursor');
    }
    const signUpsCursor = await owner('GET', `${PATH}?productId=${MUG}&variantId=${TERRA}&cursor=${bad}`);
    t.equal(signUpsCursor.statusCode, 400, `sign-ups cursor ${bad}`);
    t.equal(signUpsCursor.json().error.code, 'invalid-cursor');
  }
  for (const query of ['', `productId=${MUG}`, `productId=${MUG}&variantId=${TERRA}&limit=0`, 'limit=x']) {
    const response = await owner('GET', `${PATH}?${query}`);
    t.equal(response.statusCode, 400, query);
  }
  const empty = (await owner('GET', `${PATH}?productId=${MUG}&variantId=${variant('FW-MUG-OAT')}`)).json();
  t.same(empty, { signUps: [], hasNextPage: false, nextPageCursor: null });
});

t.test('sending mails each sign-up once, in the same transaction as marking it sent', async (t) => {
  const outbox = async () =>
    (await listOutbox(db, { websiteId: DEMO_WEBSITE_ID, limit: 500 })).filter((m) => m.kind === 'restock');
  const before = (await outbox()).length;

  const sent = await owner('POST', `${PATH}/send`, { productId: MUG, variantId: TERRA });
  t.equal(sent.statusCode, 200, sent.body);
  t.same(sent.json(), { sent: 3 });
  const mails = await outbox();
  t.equal(mails.length, before + 3);
  t.same(mails.map((mail) => mail.to).sort(), ['a@example.com', 'b@example.com', 'c@example.com']);
  const mail = mails.find((m) => m.to === 'a@example.com')!;
  t.equal(mail.subject, 'Back in stock: Stoneware Mug');
  t.match(mail.text, 'Stoneware Mug (Color: Terracotta) is back in stock at Fernwood Coffee & Home.');
  t.match(mail.text, /http:\/\/localhost\/[a-z-]+\/stoneware-mug\b/);

  const again = await owner('POST', `${PATH}/send`, { productId: MUG, variantId: TERRA });
  t.same(again.json(), { sent: 0 }, 'sending twice sends nothing twice');
  t.equal((await outbox()).length, before + 3);
  const listed = (await owner('GET', `${PATH}?productId=${MUG}&variantId=${TERRA}`)).json();
  t.ok(listed.signUps.every((signUp: { notifiedOn: string | null }) => signUp.notifiedOn !== null));
  const group = (await owner('GET', `${PATH}/groups`))
    .json()
    .signUpGroups.find((g: { variantId: string }) => g.variantId === TERRA);
  t.match(group, { signUpCount: 3, pendingCount: 0, sentCount: 3 });

  // A variant that does not exist sends nothing, not even the good ones before it.
  const partial = await owner('POST', `${PATH}/send/all`, {
    sendRequests: [
      { productId: BOWL, variantId: BOWL_WHITE },
      { productId: MUG, variantId: BOWL_ASH },
    ],
  });
  t.equal(partial.statusCode, 404);
  t.equal((await outbox()).length, before + 3, 'nothing half-sent');

  const all = await owner('POST', `${PATH}/send/all`, {
    sendRequests: [
      { productId: BOWL, variantId: BOWL_WHITE },
      { productId: BOWL, variantId: BOWL_ASH },
      { productId: MUG, variantId: TERRA },
    ],
  });
  t.equal(all.statusCode, 200, all.body);
  t.same(all.json(), { sent: 2 });
  const bowlMail = (await outbox()).find((m) => m.to === 'e@example.com')!;
  t.match(bowlMail.text, 'Speckled Serving Bowl (Glaze: Ash Blue)');
  t.same(
    (await owner('POST', `${PATH}/send/all`, { sendRequests: [{ productId: BOWL, variantId: BOWL_ASH }] })).json(),
    {
      sent: 0,
    },
  );

  // Signing up again after a notice asks for the next one.
  await new Visitor(app).request('POST', PATH, signUpBody('a@example.com'));
  t.same((await owner('POST', `${PATH}/send`, { productId: MUG, variantId: TERRA })).json(), { sent: 1 });

  for (const body of [
    '{',
    {},
    { productId: MUG },
    { sendRequests: [] },
    { sendRequests: 'x' },
    { sendRequests: [{}] },
  ]) {
    const path = typeof body === 'object' && 'sendRequests' in body ? `${PATH}/send/all` : `${PATH}/send`;
    const response = await owner('POST', path, body);
    t.equal(response.statusCode, 400, JSON.stringify(body));
  }
  const tooMany = Array.from({ length: 201 }, () => ({ productId: MUG, variantId: TERRA }));
  t.equal((await owner('POST', `${PATH}/send/all`, { sendRequests: tooMany })).statusCode, 400);
});

t.test('sign-ups from one address are rate limited', async (t) => {
  const visitor = new Visitor(app);
  const answers: number[] = [];
  for (let i = 0; i < 7; i++) {
    answers.push((await visitor.request('POST', PATH, signUpBody(`limit${i}@example.com`))).statusCode);
  }
  t.same(answers, [200, 200, 200, 200, 200, 200, 429]);
  const limited = await visitor.request('POST', PATH, signUpBody('late@example.com'));
  t.equal(limited.statusCode, 429);
  t.same(limited.json().error, { code: 'rate-limited', message: 'Please try again in a few seconds.' });
  t.ok(Number(limited.headers['retry-after']) > 0);
  const other = await new Visitor(app).request('POST', PATH, signUpBody('other@example.com'));
  t.equal(other.statusCode, 200, 'another address is not limited');
});
