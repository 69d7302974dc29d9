/**
 * Site forms without script: the form block posts to its own page, and the
 * server answers 303 back to it (post/redirect/get), where the block shows
 * the problems with the visitor's answers, or the success text instead of
 * the form. The crumb travels as a hidden field, filled in for each visitor
 * even on a page served from the cache.
 */
import t from 'tap';
import { signCrumb } from '../../api/http/crumb.ts';
import { formFieldId, formId } from '../../api/seed/demo-ids.ts';
import { CRUMB, HOST, TEST_SECRET, Visitor } from '../api-http/api-helpers.ts';
import { openDemoApp } from './demo-app.ts';

const { app, handle } = await openDemoApp(t, {
  server: { limits: { 'form-submit': { max: 4, windowMs: 60_000 } } },
});

const CONTACT = formId('contact');
const field = (slug: string) => formFieldId('contact', slug);

/** The hidden fields and block id of a form on a page, as the browser would send them. */
async function formOnPage(visitor: Visitor, path: string, id: string) {
  const html = (await visitor.request('GET', path)).body;
  const start = html.indexOf(`data-form-id="${id}"`);
  const form = html.slice(start, html.indexOf('</form>', start));
  const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(form)?.[1] ?? '';
  return { html, form, crumb: hidden('crumb'), blockId: hidden('sb-block-id'), source: hidden(field('source')) };
}

/** A browser's form post: the crumb only in the body, never in a header. */
function post(visitor: Visitor, path: string, entries: Array<[string, string]>) {
  return app.inject({
    method: 'POST',
    url: path,
    remoteAddress: visitor.address,
    headers: { host: HOST, cookie: visitor.cookieHeader, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(entries).toString(),
  });
}

const contactEntries = (crumb: string, blockId: string, answers: Array<[string, string]>): Array<[string, string]> => [
  ['crumb', crumb],
  ['sb-form-id', CONTACT],
  ['sb-block-id', blockId],
  ...answers,
];

const count = async (table: 'formSubmissions' | 'mailOutbox') =>
  Number(
    (
      await handle.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

t.test('the form carries the asking visitor’s crumb, cached page or not', async (t) => {
  const first = await app.inject({ method: 'GET', url: '/contact', headers: { host: HOST } });
  const second = await app.inject({ method: 'GET', url: '/contact', headers: { host: HOST } });
  t.equal(second.headers['x-page-cache'], 'hit', 'the second visitor gets the cached page');
  for (const response of [first, second]) {
    const cookie = (response.cookies as Array<{ name: string; value: string }>).find((c) => c.name === 'crumb');
    t.ok(cookie, 'a crumb cookie is set');
    t.match(response.body, `<input type="hidden" name="crumb" value="${cookie?.value}">`);
    t.notMatch(response.body, 'crumb-slot-');
  }
  const visitor = new Visitor(app);
  t.equal((await formOnPage(visitor, '/contact', CONTACT)).crumb, CRUMB, 'a visitor with a crumb posts their own');
});

t.test('an empty form comes back with the notice, each field’s message and the answers kept', async (t) => {
  const visitor = new Visitor(app);
  const before = await count('formSubmissions');
  const { crumb, blockId } = await formOnPage(visitor, '/contact', CONTACT);
  t.match(blockId, /^block-[0-9a-f]{12}$/);
  const sent = await post(
    visitor,
    '/contact',
    contactEntries(crumb, blockId, [
      [field('email'), 'ann@'],
      [field('message'), 'x'.repeat(1001)],
      // The contact form's phone asks for the country code too: four parts.
      [field('phone'), ''],
      [field('phone'), '207'],
      [field('phone'), '555'],
      [field('phone'), ''],
      [field('interests'), 'Ceramics'],
      [`${field('feedback')}-1`, '2'],
    ]),
  );
  t.equal(sent.statusCode, 303);
  t.equal(sent.headers['cache-control'], 'no-store');
  const location = String(sent.headers.location);
  t.match(location, new RegExp(`^/contact\\?formAttempt=[0-9a-f]{32}#${blockId}$`));
  t.equal(await count('formSubmissions'), before, 'nothing stored');

  const shown = await visitor.request('GET', location.replace(/#.*/, ''));
  t.equal(shown.statusCode, 200);
  t.equal(shown.headers['cache-control'], 'no-store');
  const html = shown.body;
  t.match(
    html,
    '<div class="form-notice" data-form-notice="above" role="alert" tabindex="-1" autofocus>One or more fields is invalid, please check your entries.</div>',
  );
  const errorOf = (slug: string) => new RegExp(`id="[^"]*-${field(slug)}-error">([^<]*)</p>`).exec(html)?.[1];
  t.equal(errorOf('name'), 'Required');
  t.equal(errorOf('email'), 'Email is not valid. Email addresses should follow the format user@domain.com.');
  t.equal(errorOf('message'), 'You have exceeded the character limit.');
  t.equal(errorOf('topic'), 'Required');
  t.equal(errorOf('phone'), undefined, 'an optional phone half filled is no error (its slot stays hidden)');
  t.match(html, /<input class="input" type="email"[^>]* value="ann@"[^>]* aria-invalid="true">/);
  t.match(html, /<textarea[^>]* aria-invalid="true">x{1001}<\/textarea>/);
  t.match(html, /data-over-limit>1001 \/ 1000<\/p>/, 'the counter is flagged');
  t.match(html, /name="[^"]*" value="Ceramics" checked/);
  t.match(html, new RegExp(`name="${field('feedback')}-1" value="2" checked`));
  t.match(html, /autocomplete="tel-area-code"[^>]* value="207"/);

  const stranger = new Visitor(app);
  stranger.cookies.set('crumb', signCrumb(TEST_SECRET, 'fedcba9876543210fedcba9876543210'));
  const strangers = await stranger.request('GET', location.replace(/#.*/, ''));
  t.notMatch(strangers.body, 'role="alert"', 'another visitor holding the URL sees nothing');
  t.notMatch(strangers.body, 'value="ann@"');
});

t.test('a good form is stored, the owner mailed, and the page shows the success text', async (t) => {
  const visitor = new Visitor(app);
  const before = await count('formSubmissions');
  const mails = await count('mailOutbox');
  const { crumb, blockId, source } = await formOnPage(visitor, '/contact?source=flyer', CONTACT);
  t.equal(source, 'flyer', 'a hidden field takes the page query string');
  const sent = await post(
    visitor,
    '/contact?source=flyer',
    contactEntries(crumb, blockId, [
      [field('name'), 'Ann'],
      [field('name'), 'Lee'],
      [field('email'), 'ann@example.com'],
      [field('topic'), 'An order'],
      [field('message'), 'Where is my mug?'],
      [field('best-time'), '9'],
      [field('best-time'), '30'],
      [field('best-time'), 'AM'],
      [field('source'), source],
    ]),
  );
  t.equal(sent.statusCode, 303);
  const location = String(sent.headers.location);
  t.match(location, /^\/contact\?source=flyer&formAttempt=[0-9a-f]{32}#block-/);
  t.equal(await count('formSubmissions'), before + 1);
  t.equal(await count('mailOutbox'), mails + 1);
  const row = await handle.db
    .selectFrom('formSubmissions')
    .selectAll()
    .orderBy('createdOn', 'desc')
    .executeTakeFirstOrThrow();
  t.match(row, { formId: CONTACT, pagePath: '/contact', pageTitle: 'Contact', contentSource: 'c' });
  t.same(row.data[field('source')], 'flyer');
  t.same(row.data[field('best-time')], ['9', '30', 'AM']);

  const html = (await visitor.request('GET', location.replace(/#.*/, ''))).body;
  t.match(html, '<div class="form-submitted" tabindex="-1" autofocus');
  t.match(html, 'Thank you! We read every message ourselves and reply within two business days.');
  t.match(html, 'the <a href="/journal">Journal</a> has brewing guides');
  t.notMatch(html, `data-form-id="${CONTACT}"`, 'the form is gone');
});

t.test('the newsletter on the home page', async (t) => {
  const visitor = new Visitor(app);
  const newsletter = formId('newsletter');
  const { crumb, blockId } = await formOnPage(visitor, '/', newsletter);
  const entries: Array<[string, string]> = [
    ['crumb', crumb],
    ['sb-form-id', newsletter],
    ['sb-block-id', blockId],
  ];
  const empty = await post(visitor, '/', entries);
  const problem = (await visitor.request('GET', String(empty.headers.location).replace(/#.*/, ''))).body;
  t.match(problem, 'role="alert" tabindex="-1" autofocus>One or more fields is invalid, please check your entries.');
  const sent = await post(visitor, '/', [...entries, [formFieldId('newsletter', 'email'), 'reader@example.com']]);
  t.equal(sent.statusCode, 303);
  const html = (await visitor.request('GET', String(sent.headers.location).replace(/#.*/, ''))).body;
  t.match(html, '<p class="form-success__message">You\'re on the list. Look for our letter');
});

t.test('a bad crumb comes back with the crumb message and stores nothing', async (t) => {
  const visitor = new Visitor(app);
  const before = await count('formSubmissions');
  const { blockId } = await formOnPage(visitor, '/contact', CONTACT);
  const sent = await post(visitor, '/contact', contactEntries('forged', blockId, [[field('email'), 'a@b.co']]));
  t.equal(sent.statusCode, 303);
  const html = (await visitor.request('GET', String(sent.headers.location).replace(/#.*/, ''))).body;
  t.match(html, 'role="alert" tabindex="-1" autofocus>Your session has expired. Please reload the page and try again.');
  t.match(html, 'value="a@b.co"', 'the answers are kept');
  t.equal(await count('formSubmissions'), before);
});

t.test('posts that are not this page’s form', async (t) => {
  const visitor = new Visitor(app);
  const { crumb } = await formOnPage(visitor, '/contact', CONTACT);
  const elsewhere = await post(visitor, '/journal', [
    ['crumb', crumb],
    ['sb-form-id', CONTACT],
  ]);
  t.equal(elsewhere.statusCode, 405, 'a page without that form');
  t.equal((await post(visitor, '/contact', [['crumb', crumb]])).statusCode, 405, 'no form id');
  t.equal((await post(visitor, '/shop/stoneware-mug', [['sb-form-id', CONTACT]])).statusCode, 405, 'an item page');
  const json = await visitor.request('POST', '/contact', { 'sb-form-id': CONTACT });
  t.equal(json.statusCode, 415, 'JSON is not a browser form');
  const nul = await post(visitor, '/contact', [
    ['sb-form-id', CONTACT],
    [field('email'), 'a\u0000b'],
  ]);
  t.equal(nul.statusCode, 400, 'a NUL is refused at the edge');
  const big = await post(visitor, '/contact', [
    ['sb-form-id', CONTACT],
    [field('message'), 'x'.repeat(20_000)],
  ]);
  t.equal(big.statusCode, 413, 'a body past the form limit');
  for (const response of [elsewhere, json, nul, big]) t.match(response.headers['content-type'], /^text\/html/);
});

t.test('posts past the per-visitor limit answer 429 with the forms message', async (t) => {
  const visitor = new Visitor(app);
  const before = await count('formSubmissions');
  const { crumb, blockId } = await formOnPage(visitor, '/contact', CONTACT);
  for (let i = 0; i < 4; i++) {
    t.equal((await post(visitor, '/contact', contactEntries(crumb, blockId, []))).statusCode, 303);
  }
  const limited = await post(visitor, '/contact', contactEntries(crumb, blockId, []));
  t.equal(limited.statusCode, 429);
  t.match(limited.headers['retry-after'], /^\d+$/);
  t.match(limited.body, 'Unable to submit form. Submission rate limit exceeded. Please try again later.');
  t.equal(await count('formSubmissions'), before);
});
