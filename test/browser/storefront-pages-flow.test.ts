/**
 * The storefront's pages in headless Chromium, one test per defect of issue
 * 19's "Pages" section that is this file's: event dates in one interval
 * format, search results with pictures, prices and dates, a like button
 * that is a button and counts once per visitor, share links that open the
 * networks' share pages, order numbers ('#1001'), About and Contact using
 * the full width, one Instagram link in the footer, a product gallery whose
 * thumbnails switch the main picture, the web fonts, and the home hero.
 * Screenshots of each page, desktop and phone, go to test-output/screenshots.
 */
import type { BrowserContext, Page } from 'playwright-core';
import t from 'tap';
import { addEntry, createCart } from '../../api/repositories/cart-repository.ts';
import { placeOrder } from '../../api/repositories/order-repository.ts';
import { DEMO_WEBSITE_ID, demoId } from '../../api/seed/demo-ids.ts';
import { DEMO_MEMBER } from '../../api/seed/demo-member.ts';
import { browserSkip, openSiteInBrowser, screenshot, VIEWPORTS, watchProblems } from './browser-support.ts';

const DESKTOP = { width: 1280, height: 800 };
const POST = '/journal/notes-from-huila';

const skip = browserSkip(t);
const site = skip ? undefined : await openSiteInBrowser(t);

/** A new visitor (a browser context of their own) on a page. */
async function visit(
  path: string,
  viewport: { width: number; height: number } = DESKTOP,
  watch?: (page: Page) => void,
): Promise<{ page: Page; context: BrowserContext; problems: string[] }> {
  if (!site) throw new Error('no browser');
  const context = await site.browser.newContext({ viewport });
  t.teardown(() => context.close());
  const page = await context.newPage();
  const problems = watchProblems(page);
  watch?.(page);
  await page.goto(site.base + path);
  return { page, context, problems };
}

/**
 * The next page, once this one's own calls (page view, analytics) are done: leaving
 * while one is on its way cancels it, which the problem watch would count.
 */
async function go(page: Page, path: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.goto(site!.base + path);
}

async function reload(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.reload();
}

/** The page at both sizes, for the eye: two visitors side by side, as neither waits on the other. */
async function screenshots(path: string, name: string): Promise<void> {
  await Promise.all(
    VIEWPORTS.map(async (viewport) => {
      const { page } = await visit(path, viewport);
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, `pages-${name}-${viewport.label}`);
    }),
  );
}

/** Texts with every run of white space as one plain space (Intl puts thin and narrow no-break spaces in ranges). */
const texts = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((elements) => elements.map((element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim()));

// 'Saturday, March 13, 2027 at 10:00 – 11:30 AM EST': weekday, date, times and zone, the date once.
const ONE_DAY = /^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d\d( [AP]M)? – \d{1,2}:\d\d [AP]M E[SD]T$/;

t.test('events read one interval format everywhere they are shown', { skip }, async (t) => {
  const { page, problems } = await visit('/events');
  const listed = await texts(page, '.event-card__when');
  t.equal(listed.length, 5, 'the five demo events');
  for (const text of listed) t.match(text, ONE_DAY, text);
  // An evening in New York ends after midnight UTC: it read 'Fri, July 9, 6:30 PM – Fri, July 9, 2027, 9:00 PM EDT'.
  t.ok(listed.includes('Friday, July 9, 2027 at 6:30 – 9:00 PM EDT'), 'the evening event reads as one day');

  await go(page, '/events/harbor-night-coffee-social');
  t.equal((await texts(page, '.event__when'))[0], 'Friday, July 9, 2027 at 6:30 – 9:00 PM EDT', 'the event page');
  await go(page, '/search?q=harbor');
  t.ok(
    (await texts(page, '.search-result__date')).includes('Friday, July 9, 2027 at 6:30 – 9:00 PM EDT'),
    'a search result',
  );
  t.same(problems, []);
  await screenshots('/events', 'events');
});

t.test('search results show a picture and price for products, a picture and date for posts', { skip }, async (t) => {
  const { page, problems } = await visit('/search?q=coffee');
  const results = page.locator('.search-result');
  t.ok((await results.count()) > 3);
  const product = results.filter({ has: page.locator('a[href="/shop/house-blend-coffee"]') });
  t.ok(await product.locator('img.search-result__image').isVisible(), 'a product has its picture');
  t.match(await product.locator('.product-price').innerText(), /\$\d+\.\d\d/, 'and its price');
  const post = results.filter({ has: page.locator(`a[href="${POST}"]`) });
  t.ok(await post.locator('img.search-result__image').isVisible(), 'a post has its picture');
  t.match(await post.locator('.search-result__date time').getAttribute('datetime'), /^\d{4}-\d\d-\d\dT/);
  t.match(await post.locator('.search-result__date').innerText(), /^[A-Z][a-z]+ +\d{1,2}, \d{4}$/, 'and its date');
  // Every picture loads (none is broken): each is brought into view, as they load lazily.
  for (const image of await page.locator('img.search-result__image').all()) await image.scrollIntoViewIfNeeded();
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLImageElement>('img.search-result__image')].every((image) => image.complete),
  );
  const broken = await page
    .locator('img.search-result__image')
    .evaluateAll((images) => (images as HTMLImageElement[]).filter((image) => image.naturalWidth === 0).length);
  t.equal(broken, 0);
  t.same(problems, []);
  await screenshots('/search?q=coffee', 'search');
});

/** The post's like button once its island knows whether this visitor has liked. */
async function likeButton(page: Page) {
  const button = page.getByRole('button', { name: /^Like \d+ likes?$/ });
  await page.locator('.like-button[data-like-state="ready"]').waitFor();
  return button;
}

const likeCount = async (page: Page) => Number(await page.locator('.like-button__count').innerText());

t.test('the like button is a button, pressed by keyboard, counted once per visitor', { skip }, async (t) => {
  const { page, problems } = await visit(POST);
  const button = await likeButton(page);
  t.equal(await button.getAttribute('aria-pressed'), 'false');
  const before = await likeCount(page);

  await button.focus();
  t.equal(await page.evaluate(() => document.activeElement?.className), 'like-button', 'it takes focus');
  await page.keyboard.press('Enter');
  await page.locator('.like-button[aria-pressed="true"]').waitFor();
  t.equal(await likeCount(page), before + 1, 'the count goes up');

  await reload(page);
  await likeButton(page);
  t.equal(await page.locator('.like-button').getAttribute('aria-pressed'), 'true', 'still liked after a reload');
  t.equal(await likeCount(page), before + 1, 'counted once');

  const other = await visit(POST);
  const otherButton = await likeButton(other.page);
  t.equal(await otherButton.getAttribute('aria-pressed'), 'false', 'another visitor has not liked');
  t.equal(await likeCount(other.page), before + 1, 'but sees the count');

  await (await likeButton(page)).focus();
  await page.keyboard.press('Space');
  await page.locator('.like-button[aria-pressed="false"]').waitFor();
  t.equal(await likeCount(page), before, 'pressed again, the like is taken back');
  t.same(problems, []);
  t.same(other.problems, []);
  await screenshots(POST, 'post');
});

t.test(
  "share links open each network's share page in a new window, with no third-party script",
  { skip },
  async (t) => {
    const offSite: string[] = [];
    const { page, context, problems } = await visit(POST, DESKTOP, (page) =>
      page.on('request', (request) => {
        if (!request.url().startsWith(site!.base)) offSite.push(request.url());
      }),
    );
    const share = page.getByRole('group', { name: 'Share' });
    const postUrl = `${site!.base}${POST}`;
    const expected: Array<[string, RegExp]> = [
      ['Facebook', /^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=/],
      ['X', /^https:\/\/x\.com\/intent\/post\?url=/],
      ['Pinterest', /^https:\/\/www\.pinterest\.com\/pin\/create\/button\/\?url=.*&media=.*&description=/],
      ['LinkedIn', /^https:\/\/www\.linkedin\.com\/sharing\/share-offsite\/\?url=/],
    ];
    for (const [name, href] of expected) {
      const link = share.getByRole('link', { name: new RegExp(`^${name}`) });
      t.match(await link.getAttribute('href'), href, `${name} goes to its share page`);
      t.equal(await link.getAttribute('target'), '_blank', `${name} opens a new window`);
      t.match(await link.getAttribute('rel'), /\bnoopener\b/, `${name} keeps no hold on this page`);
    }
    const email = share.getByRole('link', { name: 'Email' });
    t.match(await email.getAttribute('href'), /^mailto:\?subject=Notes%20from%20a%20Coffee%20Farm/);

    // The share page itself is stood in for: this machine reaches no network.
    await context.route('https://www.facebook.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Shared</title>' }),
    );
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      share.getByRole('link', { name: /^Facebook/ }).click(),
    ]);
    await popup.waitForLoadState();
    t.equal(new URL(popup.url()).searchParams.get('u'), postUrl, "the new window shares this post's address");
    t.equal(await popup.evaluate(() => window.opener), null, 'with no opener');
    await popup.close();
    t.same(offSite, [], 'the page itself loads nothing from another site');
    t.same(problems, []);
  },
);

t.test("orders read '#1001', on the confirmation, the status page and the account's history", { skip }, async (t) => {
  const { db } = site!.handle;
  const cart = await createCart(db, DEMO_WEBSITE_ID, { currency: 'USD' });
  await addEntry(db, DEMO_WEBSITE_ID, cart.id, {
    itemId: demoId('product', 'stoneware-mug'),
    variantId: demoId('variant', 'fw-mug-oat'),
    quantity: 1,
  });
  const placed = await placeOrder(db, DEMO_WEBSITE_ID, cart.id, {
    customerEmail: DEMO_MEMBER.email,
    customerName: DEMO_MEMBER.displayName,
    testMode: true,
    siteUserId: DEMO_MEMBER.id,
  });
  if (!placed.ok) throw new Error(`no order: ${placed.reason}`);
  t.equal(placed.order.orderNumber, 1001, "the site's first order");
  const token = placed.order.id;

  const { page, problems } = await visit(`/checkout/order-confirmed?orderToken=${token}`);
  const main = page.locator('main');
  t.equal(await page.locator('.order-confirmed__number').innerText(), 'Order number #1001');
  t.notMatch(await main.innerText(), /Order 1\b|Order number 1\b/, "no more 'Order 1'");
  t.equal((await main.innerText()).match(/#1001/g)?.length, 1, 'said once');
  await screenshot(page, 'pages-order-confirmed-desktop');

  await go(page, `/account/orders/1001?orderToken=${token}`);
  t.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'Order #1001', 'the status page');

  await go(page, '/account/sign-in');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(DEMO_MEMBER.email);
  await form.getByLabel('Password').fill(DEMO_MEMBER.password);
  await page.waitForLoadState('networkidle');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${site!.base}/account`);
  const history = page.getByRole('region', { name: 'Your orders' });
  await page.waitForLoadState('networkidle');
  await history.getByRole('link', { name: 'Order #1001' }).click();
  await page.waitForURL(`${site!.base}/account/orders/1001`);
  t.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'Order #1001', 'from the history');
  t.same(problems, []);
});

t.test('About and Contact use the full content width; Instagram is in the footer once', { skip }, async (t) => {
  const { page, problems } = await visit('/about');
  const box = async (selector: string) => (await page.locator(selector).first().boundingBox())!;
  const text = await box('.page-content > .html-block');
  const picture = await box('.page-content > .image-block');
  t.ok(picture.x > text.x + text.width, 'the picture stands beside the text');
  t.ok(picture.x + picture.width > DESKTOP.width * 0.9, 'and reaches the right of the content');
  t.ok(Math.abs(picture.y - text.y) < 8, 'from the top');
  t.equal(await page.locator('.site-footer a[href*="instagram.com"]').count(), 1, 'one Instagram link');

  await go(page, '/contact');
  const intro = await box('.page-content > .html-block');
  const form = await box('.page-content > .form-block');
  t.ok(form.x > intro.x + intro.width, 'the form stands beside the text');
  t.ok(form.x + form.width > DESKTOP.width * 0.9, 'and reaches the right of the content');
  t.ok(Math.abs(form.y - intro.y) < 8, 'from the top');
  t.same(problems, []);
  await screenshots('/about', 'about');
  await screenshots('/contact', 'contact');
});

t.test('the product gallery: thumbnails switch the main picture, by mouse and by keyboard', { skip }, async (t) => {
  const { page, problems } = await visit('/shop/stoneware-mug');
  await page.locator('.product-gallery-island').waitFor({ state: 'attached' });
  const stage = page.locator('.product-gallery__stage');
  const thumbs = page.locator('.product-gallery__thumb');
  t.equal(await thumbs.count(), 2);
  t.equal(await thumbs.first().getAttribute('aria-current'), 'true');
  const thumbBox = (await thumbs.last().boundingBox())!;
  t.ok(thumbBox.y + thumbBox.height < DESKTOP.height, 'the strip is seen without scrolling');
  const stageBox = (await stage.boundingBox())!;
  t.ok(thumbBox.width < stageBox.width / 4, 'thumbnails, not a half-width tile');

  const shown = () =>
    stage.evaluate((element) => {
      const slides = [...element.querySelectorAll<HTMLElement>('.product-gallery__slide')];
      const index = Math.round(element.scrollLeft / element.clientWidth);
      return slides[index]?.dataset.imageId;
    });
  const pageScroll = await page.evaluate(() => window.scrollY);
  const second = await thumbs.last().getAttribute('data-thumb-for');
  await thumbs.last().click();
  await page.locator('.product-gallery__thumb[aria-current="true"]').last().waitFor();
  await page.waitForFunction((id) => {
    const element = document.querySelector<HTMLElement>('.product-gallery__stage')!;
    const slides = [...element.querySelectorAll<HTMLElement>('.product-gallery__slide')];
    return slides[Math.round(element.scrollLeft / element.clientWidth)]?.dataset.imageId === id;
  }, second);
  t.equal(await shown(), second, 'the second picture is the main one');
  t.equal(await thumbs.last().getAttribute('aria-current'), 'true');
  t.equal(await thumbs.first().getAttribute('aria-current'), null);
  t.equal(await page.evaluate(() => window.scrollY), pageScroll, 'the page does not jump');

  // Keyboard: the arrow keys move along the strip and show each picture.
  await thumbs.last().focus();
  await page.keyboard.press('ArrowLeft');
  const first = await thumbs.first().getAttribute('data-thumb-for');
  await page.waitForFunction((id) => {
    const element = document.querySelector<HTMLElement>('.product-gallery__stage')!;
    const slides = [...element.querySelectorAll<HTMLElement>('.product-gallery__slide')];
    return slides[Math.round(element.scrollLeft / element.clientWidth)]?.dataset.imageId === id;
  }, first);
  t.equal(await thumbs.first().getAttribute('aria-current'), 'true');
  t.equal(
    await page.evaluate(() => document.activeElement?.getAttribute('data-thumb-for')),
    first,
    'focus moved to the first thumbnail',
  );
  t.same(problems, []);
  await screenshots('/shop/stoneware-mug', 'product');
});

t.test('web fonts are self-hosted, kept a year and used; the home page has a hero picture', { skip }, async (t) => {
  if (!site) return;
  const context = await site.browser.newContext({ viewport: DESKTOP });
  t.teardown(() => context.close());
  const page = await context.newPage();
  const problems = watchProblems(page);
  const fontAnswers: Array<{ url: string; cache: string | undefined }> = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/fonts/'))
      fontAnswers.push({ url: response.url(), cache: response.headers()['cache-control'] });
  });
  await page.goto(`${site.base}/`);
  await page.evaluate(() => document.fonts.ready);
  const loaded = await page.evaluate(() =>
    [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family.replace(/"/g, '')),
  );
  t.ok(loaded.includes('Fraunces Variable'), 'the heading font is loaded');
  t.ok(loaded.includes('Source Sans 3 Variable'), 'the text font is loaded');
  t.match(await page.locator('h1').evaluate((h1) => getComputedStyle(h1).fontFamily), /^"?Fraunces Variable/);
  t.match(
    await page.locator('body').evaluate((body) => getComputedStyle(body).fontFamily),
    /^"?Source Sans 3 Variable/,
  );
  t.ok(fontAnswers.length >= 2, 'fetched from this site');
  for (const answer of fontAnswers) {
    t.equal(answer.cache, 'public, max-age=31536000, immutable', `${new URL(answer.url).pathname}: kept a year`);
  }

  // The hero: the first thing in <main> is a picture, with the heading over it in white.
  const hero = page.locator('main .page-content > .image-block').first();
  const picture = (await hero.locator('img').boundingBox())!;
  t.ok(picture.width >= DESKTOP.width - 1, 'the picture spans the page');
  t.ok(picture.height > 400, 'and is tall');
  t.equal(await hero.locator('img').getAttribute('fetchpriority'), 'high', 'and comes first');
  const heading = (await page.locator('h1').boundingBox())!;
  t.ok(heading.y > picture.y && heading.y + heading.height < picture.y + picture.height, 'the heading is over it');
  t.equal(await page.locator('h1').evaluate((h1) => getComputedStyle(h1).color), 'rgb(255, 255, 255)');
  t.ok(
    await page
      .locator('main img')
      .first()
      .evaluate((img) => (img as HTMLImageElement).naturalWidth > 0),
  );
  t.same(problems, []);
  await screenshots('/', 'home');
});
