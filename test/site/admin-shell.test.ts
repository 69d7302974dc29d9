/**
 * The admin app's shell at /config: the same security headers as the
 * site's pages, its own bundle (script and stylesheet, kept a year by
 * their hashed names), never loaded by a visitor's page; the spec's billing
 * paths lead to the app's plan page.
 */
import t from 'tap';
import { HOST } from '../api-http/api-helpers.ts';
import { openDemoApp } from './demo-app.ts';

const { app } = await openDemoApp(t);
const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: HOST } });

t.test('every path under /config is the shell, with the site security headers', async (t) => {
  const home = await get('/');
  for (const path of ['/config', '/config/', '/config/code-injection', '/config/invitation']) {
    const response = await get(path);
    t.equal(response.statusCode, 200, path);
    t.match(response.headers['content-type'], 'text/html');
    t.equal(response.headers['cache-control'], 'no-store');
    for (const header of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options']) {
      t.equal(response.headers[header], home.headers[header], `${path} ${header} as on pages`);
    }
    t.match(response.body, /<script type="module" src="\/config\/assets\/admin-[A-Z0-9]+\.js">/);
    t.match(response.body, '<div id="admin-root">');
    t.match(response.headers['set-cookie'], /crumb=/, 'the crumb cookie comes with the shell');
  }
});

t.test('the bundle is served from /config/assets and no visitor page loads it', async (t) => {
  const shell = (await get('/config')).body;
  const script = /src="(\/config\/assets\/[^"]+\.js)"/.exec(shell)![1]!;
  const stylesheet = /href="(\/config\/assets\/[^"]+\.css)"/.exec(shell)![1]!;
  const js = await get(script);
  t.equal(js.statusCode, 200);
  t.match(js.headers['content-type'], 'text/javascript');
  t.match(js.headers['cache-control'], 'immutable');
  const css = await get(stylesheet);
  t.match(css.headers['content-type'], 'text/css');
  t.equal((await get('/config/assets/nothing.js')).statusCode, 404);
  for (const page of ['/', '/shop', '/cart']) {
    t.notMatch((await get(page)).body, '/config/assets/', `${page} does not load the admin app`);
  }
});

t.test("the spec's billing paths lead to the plan page", async (t) => {
  const upgrade = await get('/settings/billing/upgrade');
  t.equal(upgrade.statusCode, 302);
  t.equal(upgrade.headers.location, '/config/billing?from=upgrade');
  const subscription = await get('/settings/billing/subscriptions/website');
  t.equal(subscription.headers.location, '/config/billing?from=subscription');
});
