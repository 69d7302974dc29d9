/**
 * Page types 2 (a page of a page collection), 3 (splash: a cover page) and
 * 104 (the site-wide popup overlay) on the demo site, through inject():
 * the page context's pageType and the body class, the cover page in a
 * package without a template for it (the default one: the platform's
 * cover) and in one with its own, and the popup's markup present or absent
 * by the website's settings.
 */
import { cp, writeFile } from 'node:fs/promises';
import t from 'tap';
import { json } from '../../api/db/json.ts';
import type { PopupOverlaySettings } from '../../api/db/schema.ts';
import { DEMO_WEBSITE_ID, formId } from '../../api/seed/demo-ids.ts';
import { DEMO_SITE } from '../../api/seed/demo-site.ts';
import { PROMO_POPUP_CAPTCHA_ACTION } from '../../shared/popup-overlay.ts';
import { openDemoApp } from './demo-app.ts';

const DEFAULT_TEMPLATE = new URL('../../templates/default', import.meta.url).pathname;
const HEADERS = { host: 'localhost' };
const POPUP = /<div class="sqs-popup-overlay" id="sqs-popup-overlay" data-island="popup-overlay"[^>]* hidden>/;

const { app, handle, warnings } = await openDemoApp(t);
const get = (url: string) => app.inject({ method: 'GET', url, headers: HEADERS });
const pageType = async (url: string) =>
  (JSON.parse((await get(`${url}?format=json`)).body) as { pageType: number }).pageType;
const bodyClass = (html: string) => /<body class="([^"]*)"/.exec(html)?.[1] ?? '';

async function setPopup(settings: PopupOverlaySettings, captchaSiteKey: string | null = null) {
  await handle.db
    .updateTable('websiteSettings')
    .set({ popupOverlay: json(settings), captchaSiteKey })
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .execute();
}

t.test(
  'page types: 2 for pages of a page collection, 1 for collection lists, 50 for items, 3 for the cover',
  async (t) => {
    for (const [url, type] of [
      ['/', 2],
      ['/about', 2],
      ['/contact', 2],
      ['/shop', 1],
      ['/journal', 1],
      ['/shop/stoneware-mug', 50],
      ['/welcome', 3],
    ] as const) {
      t.equal(await pageType(url), type, `${url}: page type ${type}`);
      t.match(bodyClass((await get(url)).body), new RegExp(`(^| )page-type-${type}( |$)`), `${url}: body class`);
    }
  },
);

t.test('the splash page in the default package: the platform cover, without the site header and footer', async (t) => {
  const page = await get('/welcome');
  t.equal(page.statusCode, 200);
  t.match(bodyClass(page.body), 'collection-type-splash-page');
  t.notMatch(page.body, 'class="site-header"', 'no header region');
  t.notMatch(page.body, 'class="site-footer"', 'no footer region');
  t.match(page.body, /<h1 class="sqs-cover__title">Welcome to Fernwood<\/h1>/, 'its title');
  t.match(page.body, 'Small-batch coffee roasted on Exchange Street', 'its description');
  t.match(page.body, 'Show this page at the counter', 'its blocks');
  t.match(page.body, /<a class="sqs-cover__button" href="\/shop">Enter the shop<\/a>/, 'its call to action');
  t.match(page.body, '<title>Welcome to Fernwood — Fernwood Coffee &amp; Home</title>');
  t.match(page.body, /<script type="module" src="\/islands\//, 'the islands still load');
  t.notMatch(page.body, 'data-island="popup-overlay"', 'no popup over a cover');
  const home = await get('/');
  t.notMatch(home.body, 'href="/welcome"', 'not in the navigation');
});

t.test('the popup: on the pages its settings name, hidden, with its newsletter form', async (t) => {
  const home = await get('/');
  t.match(home.body, POPUP, 'the demo popup is on the home page');
  t.match(home.body, 'data-popup-version="1" data-popup-delay="10" data-popup-closed-days="14"');
  t.match(home.body, /role="dialog" aria-modal="true" aria-labelledby="sqs-popup-overlay-headline"/);
  t.match(home.body, `data-popup-form-id="${formId('newsletter')}"`);
  t.ok(home.body.indexOf('data-island="popup-overlay"') < home.body.indexOf('src="/islands/'), 'before the islands');
  t.notMatch(home.body, 'captcha-container" data-sitekey', 'no captcha without a site key');
  for (const url of ['/about', '/shop/stoneware-mug', '/welcome', '/cart', '/checkout', '/no-such-page']) {
    t.notMatch((await get(url)).body, 'data-island="popup-overlay"', `${url}: not there (home only)`);
  }

  const demo = DEMO_SITE.website.settings.popupOverlay;
  await setPopup({ ...demo, showOn: 'all' }, 'site-key');
  for (const url of ['/', '/about', '/shop', '/shop/stoneware-mug', '/search?q=mug']) {
    t.match((await get(url)).body, POPUP, `${url}: shown on all pages`);
  }
  for (const url of ['/welcome', '/cart', '/checkout', '/no-such-page']) {
    t.notMatch((await get(url)).body, 'data-island="popup-overlay"', `${url}: never on this page`);
  }
  const captcha = (await get('/about')).body;
  t.match(captcha, `data-captcha-action="${PROMO_POPUP_CAPTCHA_ACTION}"`);
  t.match(captcha, /class="captcha-container[^"]*" data-sitekey="site-key"/, 'the captcha with the site key');

  await setPopup({ ...demo, action: 'button', buttonLabel: 'See the roasts', buttonUrl: '/shop' });
  const button = (await get('/')).body;
  t.match(button, /<a class="sqs-popup-overlay__button" href="\/shop" data-popup-button>See the roasts<\/a>/);
  t.notMatch(button, 'data-popup-form-id', 'no form');

  await setPopup({ ...demo, formId: formId('contact') });
  t.notMatch((await get('/')).body, 'data-popup-form-id', 'a form that is no newsletter form is not offered');

  await setPopup({ ...demo, enabled: false });
  t.notMatch((await get('/')).body, 'data-island="popup-overlay"', 'turned off: gone');
  await setPopup({});
  t.notMatch((await get('/')).body, 'data-island="popup-overlay"', 'never set up: none');
  const json104 = JSON.parse((await get('/?format=json')).body) as Record<string, unknown>;
  t.notOk('popupOverlay' in json104, "the page's own context has no popup fields");
  await setPopup(demo);
});

t.test('a package with a splash-page template of its own renders the cover page with it', async (t) => {
  const dir = t.testdir();
  await cp(DEFAULT_TEMPLATE, dir, { recursive: true });
  await writeFile(
    `${dir}/collections/splash-page.conf`,
    JSON.stringify({ title: 'Cover Page', ordering: 'user-ordered', addText: 'Add Cover', acceptTypes: [] }),
  );
  await writeFile(
    `${dir}/collections/splash-page.list`,
    '<section class="own-cover"><h1>{collection.title|html}</h1>{collection.mainContent}{.section collection.callToAction}<a href="{href|htmlattr}">{label|html}</a>{.end}</section>',
  );
  const own = await openDemoApp(t, { templateDir: dir });
  const page = await own.app.inject({ method: 'GET', url: '/welcome', headers: HEADERS });
  t.equal(page.statusCode, 200);
  t.match(page.body, /<section class="own-cover"><h1>Welcome to Fernwood<\/h1>/, "the package's template");
  t.match(page.body, '<a href="/shop">Enter the shop</a>');
  t.notMatch(page.body, 'sqs-cover__title', "not the platform's cover");
  t.match(bodyClass(page.body), 'page-type-3');
  t.same(own.warnings, [], 'nothing logged');
});

t.test('nothing logged', async (t) => {
  t.same(warnings, []);
});
