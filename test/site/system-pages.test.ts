import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import t from 'tap';
import { DEMO_WEBSITE_ID } from '../../api/seed/seed-demo-site.ts';
import { openDemoApp } from './demo-app.ts';

t.test('protected, members-only and failing pages answer with their page types and never leak content', async (t) => {
  const { app, handle } = await openDemoApp(t);
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
  const setCollection = (urlId: string, values: { passwordProtected?: boolean; memberOnly?: boolean }) =>
    handle.db
      .updateTable('collections')
      .set(values)
      .where('websiteId', '=', DEMO_WEBSITE_ID)
      .where('urlId', '=', urlId)
      .execute();

  await setCollection('journal', { passwordProtected: true });
  const locked = await get('/journal');
  t.equal(locked.statusCode, 401);
  t.match(locked.body, /password protected/i, 'the lock screen');
  t.notMatch(locked.body, /Inside the Roastery/, 'no post title leaks');
  const lockedPost = await get('/journal/inside-the-roastery');
  t.equal(lockedPost.statusCode, 401, 'its items are locked too');
  t.notMatch(lockedPost.body, /Inside the Roastery/);
  t.equal(JSON.parse((await get('/journal?format=json')).body).pageType, 103, 'page type 103');

  await setCollection('events', { memberOnly: true });
  const members = await get('/events');
  t.equal(members.statusCode, 403);
  t.match(members.body, /data-member-area-join/, 'the access-denied page has its join button');
  t.equal(JSON.parse((await get('/events?format=json')).body).pageType, 106, 'page type 106');

  // A broken database table makes the item page fail half-way.
  await sql`alter table comments rename to comments_gone`.execute(handle.db);
  const failed = await get('/shop/stoneware-mug');
  t.equal(failed.statusCode, 500);
  t.match(failed.body, /<main[^>]*id="main-content"/, "the template's own error page, in the site's layout");
  t.notMatch(
    failed.body,
    /comments_gone|comments|relation|at [\w.]+ \(/,
    'no error details or stack reach the visitor',
  );
  await sql`alter table comments_gone rename to comments`.execute(handle.db);
  t.equal((await get('/shop/stoneware-mug')).statusCode, 200, 'and the page is back once the table is');
});

t.test('security headers, compression and asset caching', async (t) => {
  const { app } = await openDemoApp(t);
  const page = await app.inject({ method: 'GET', url: '/', headers: { host: 'localhost', 'accept-encoding': 'br' } });
  t.equal(page.headers['content-encoding'], 'br', 'pages are compressed (brotli)');
  t.match(page.headers['content-security-policy'], /default-src 'self'/);
  t.match(page.headers['content-security-policy'], /script-src 'self'/);
  t.equal(page.headers['x-content-type-options'], 'nosniff');
  t.equal(page.headers['x-frame-options'], 'SAMEORIGIN');
  t.ok(page.headers['request-id'] === undefined, 'request ids stay in the logs');
  const gzip = await app.inject({
    method: 'GET',
    url: '/shop',
    headers: { host: 'localhost', 'accept-encoding': 'gzip' },
  });
  t.equal(gzip.headers['content-encoding'], 'gzip');

  const plain = await app.inject({ method: 'GET', url: '/', headers: { host: 'localhost' } });
  const stylesheet = /href="(\/site\.css\?v=[0-9a-f]+)"/.exec(plain.body)?.[1];
  t.ok(stylesheet, 'the page links a versioned stylesheet');
  const css = await app.inject({ method: 'GET', url: stylesheet!, headers: { host: 'localhost' } });
  t.equal(css.statusCode, 200);
  t.match(css.headers['content-type'], /text\/css/);
  // Compiled with LESS, so each file shows by its first rule rather than its text.
  const parts = ['site.css', 'cart-page.css', 'installments.css'];
  const starts = parts.map((name) => {
    const source = readFileSync(new URL(`../../templates/default/styles/${name}`, import.meta.url), 'utf8');
    const firstRule = /^[.#a-z:][^{\n]*\{/m.exec(source)?.[0] ?? '<no rule>';
    return css.body.indexOf(firstRule);
  });
  t.ok(
    starts.every((start, i) => start >= 0 && (i === 0 || start > starts[i - 1]!)),
    "site.css is template.conf's stylesheets compiled in order",
  );
  t.match(
    css.headers['cache-control'],
    /max-age=31536000.*immutable|immutable.*max-age=31536000/,
    'versioned files are cached for a year',
  );
  t.ok(css.headers.etag, 'with an ETag');
  const again = await app.inject({
    method: 'GET',
    url: stylesheet!,
    headers: { host: 'localhost', 'if-none-match': String(css.headers.etag) },
  });
  t.equal(again.statusCode, 304, 'a revalidation with the ETag is answered 304');
  const unversioned = await app.inject({ method: 'GET', url: '/site.css', headers: { host: 'localhost' } });
  t.match(unversioned.headers['cache-control'], /max-age=300/, 'unversioned files revalidate after 5 minutes');
  const picture = await app.inject({ method: 'GET', url: '/content/demo/logo.svg', headers: { host: 'localhost' } });
  t.equal(picture.statusCode, 200);
  t.match(picture.headers['content-type'], /image\/svg\+xml/);
  t.equal(
    (await app.inject({ method: 'GET', url: '/content/demo/..%2F..%2Fpackage.json', headers: { host: 'localhost' } }))
      .statusCode,
    404,
    'no way out of the content folder',
  );
  t.equal(
    (await app.inject({ method: 'GET', url: '/styles/nope.css', headers: { host: 'localhost' } })).statusCode,
    404,
  );
  const unknownHost = await app.inject({ method: 'GET', url: '/', headers: { host: 'nobody.example' } });
  t.equal(unknownHost.statusCode, 404, 'a host no website answers to');
});
