/**
 * Galleries and reviews in headless Chromium (issue 19): the gallery's
 * lightbox opened by mouse and by keyboard, moved with the arrow keys and
 * its buttons, closed with Escape back onto the picture it was opened from,
 * holding focus while open, as a labelled dialog with no axe violation in
 * either theme; a slideshow that plays by itself, pauses with its button and
 * stays still for a visitor who asked for reduced motion; and a review
 * written on a product page, refused while incomplete, shown at once and
 * still there after a reload.
 */
import type { Page } from 'playwright-core';
import t from 'tap';
import { collectionId, DEMO_WEBSITE_ID } from '../../api/seed/demo-ids.ts';
import { REVIEW_MESSAGES } from '../../shared/review-rules.ts';
import { wcagViolations } from './axe-check.ts';
import { browserSkip, openSiteInBrowser, screenshot, watchProblems } from './browser-support.ts';

const DESKTOP = { width: 1280, height: 800 };
const GALLERY = collectionId('gallery');

const skip = browserSkip(t);
const site = skip ? undefined : await openSiteInBrowser(t);
async function visit(
  path: string,
  options: { reducedMotion?: 'reduce' | 'no-preference'; viewport?: { width: number; height: number } } = {},
) {
  if (!site) throw new Error('no browser');
  const context = await site.browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    reducedMotion: options.reducedMotion,
  });
  t.teardown(() => context.close());
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(site.base + path);
  return { page, problems };
}

/** The gallery's options as the owner would store them; each test sets what it needs and puts them back. */
async function withGalleryOptions(change: Record<string, unknown>, run: () => Promise<void>): Promise<void> {
  const db = site!.handle.db;
  const row = await db
    .selectFrom('collections')
    .select('settings')
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('id', '=', GALLERY)
    .executeTakeFirstOrThrow();
  const before = row.settings as Record<string, unknown>;
  const set = (settings: Record<string, unknown>) =>
    db
      .updateTable('collections')
      .set({ settings: JSON.stringify(settings) } as never)
      .where('websiteId', '=', DEMO_WEBSITE_ID)
      .where('id', '=', GALLERY)
      .execute();
  await set({ ...before, ...change });
  try {
    await run();
  } finally {
    await set(before);
  }
}

const focusedText = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return active?.getAttribute('data-lightbox-title') ?? active?.getAttribute('aria-label') ?? active?.tagName ?? '';
  });

t.test('the lightbox: mouse and keyboard, arrows, Escape, focus back and held', { skip }, async (t) => {
  const { page, problems } = await visit('/gallery');
  await page.locator('[data-gallery][data-lightbox-ready]').waitFor({ state: 'attached' });
  const links = page.locator('.gallery__link');
  const count = await links.count();
  t.ok(count > 2, 'the demo gallery has pictures');
  const firstTitle = await links.nth(0).getAttribute('data-lightbox-title');
  const secondTitle = await links.nth(1).getAttribute('data-lightbox-title');

  // Mouse.
  await links.nth(1).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  t.equal(page.url(), `${site!.base}/gallery`, 'the link was not followed');
  t.equal(await dialog.getAttribute('aria-modal'), 'true');
  t.equal(await page.getByRole('dialog', { name: secondTitle! }).count(), 1, 'named by the picture shown');
  t.match(await dialog.locator('.lightbox__caption').textContent(), `Picture 2 of ${count}`);
  t.ok(await dialog.evaluate((panel) => panel.classList.contains('lightbox--dark')), 'the default dark theme');
  t.same(await wcagViolations(page), [], 'no axe violation with the lightbox open');
  await screenshot(page, 'gallery-lightbox-dark-desktop');

  await page.keyboard.press('ArrowRight');
  await page.getByText(`Picture 3 of ${count}`).waitFor();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.getByText(`Picture 1 of ${count}`).waitFor();
  t.equal(await page.getByRole('dialog', { name: firstTitle! }).count(), 1, 'the name follows the picture');
  await page.keyboard.press('ArrowLeft');
  await page.getByText(`Picture ${count} of ${count}`).waitFor();
  await page.getByRole('button', { name: 'Next picture' }).click();
  await page.getByText(`Picture 1 of ${count}`).waitFor();

  // Tab stays inside: the dialog's three buttons, round and round.
  const seen = new Set<string>();
  for (let n = 0; n < 5; n++) {
    await page.keyboard.press('Tab');
    t.ok(await dialog.evaluate((panel) => panel.contains(document.activeElement)), `tab ${n + 1} stays inside`);
    seen.add(await focusedText(page));
  }
  t.same([...seen].sort(), ['Close', 'Next picture', 'Previous picture']);

  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  t.equal(await focusedText(page), secondTitle, 'focus is back on the picture it was opened from');

  // Keyboard: Tab to a picture and Enter.
  await page.keyboard.press('Tab');
  const thirdTitle = await focusedText(page);
  await page.keyboard.press('Enter');
  await dialog.waitFor();
  t.equal(await page.getByRole('dialog', { name: thirdTitle }).count(), 1, 'opened by Enter on the focused picture');
  await page.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
  t.equal(await focusedText(page), thirdTitle, 'the close button returns focus too');
  t.same(problems, []);
});

t.test('the light theme, and no lightbox: links to pages, in a new tab when asked', { skip }, async (t) => {
  await withGalleryOptions({ lightboxTheme: 'light' }, async () => {
    const { page } = await visit('/gallery');
    await page.locator('[data-gallery][data-lightbox-ready]').waitFor({ state: 'attached' });
    await page.locator('.gallery__link').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    t.ok(await dialog.evaluate((panel) => panel.classList.contains('lightbox--light')));
    t.same(await wcagViolations(page), [], 'no axe violation in the light theme');
    await screenshot(page, 'gallery-lightbox-light-desktop');
  });
  await withGalleryOptions({ lightbox: false, newWindow: true }, async () => {
    const { page } = await visit('/gallery');
    const link = page.locator('.gallery__link').first();
    t.equal(await link.getAttribute('target'), '_blank');
    t.equal(await link.getAttribute('rel'), 'noopener');
    t.match(await link.textContent(), /opens in a new tab/);
  });
});

t.test('a slideshow plays by itself, pauses, and stays still for reduced motion', { skip }, async (t) => {
  await withGalleryOptions(
    { design: 'slideshow', autoplay: true, 'autoplay-duration': 1, thumbnails: true, 'thumbnail-strip-height': 60 },
    async () => {
      const { page, problems } = await visit('/gallery', { reducedMotion: 'no-preference' });
      const strip = page.locator('.gallery--slideshow');
      const toggle = page.getByRole('button', { name: 'Pause slideshow' });
      await toggle.waitFor();
      // Away from the strip: pointing at it holds it still.
      await page.mouse.move(0, 0);
      await page.waitForFunction(() => document.querySelector('.gallery--slideshow')!.scrollLeft > 0);
      const thumbHeight = await page
        .locator('.gallery-thumbs__image')
        .first()
        .evaluate((img) => img.clientHeight);
      t.equal(thumbHeight, 60, 'thumbnail-strip-height sets the strip');
      await screenshot(page, 'gallery-slideshow-desktop');

      await toggle.click();
      const play = page.getByRole('button', { name: 'Play slideshow' });
      await play.waitFor();
      t.equal(await play.getAttribute('aria-pressed'), 'true');
      // Still once settled: two reads a full duration apart agree.
      await page.mouse.move(0, 0);
      // Once a move under way has ended (two reads 300 ms apart agree), two reads a full duration apart agree.
      await page.waitForFunction(
        () => {
          const now = document.querySelector('.gallery--slideshow')!.scrollLeft;
          const memory = window as unknown as { lastScrollLeft?: number };
          const same = memory.lastScrollLeft === now;
          memory.lastScrollLeft = now;
          return same;
        },
        undefined,
        { polling: 300 },
      );
      const a = await strip.evaluate((el) => el.scrollLeft);
      await page.waitForFunction(
        (since) => performance.now() > since + 1500,
        await page.evaluate(() => performance.now()),
        { polling: 100 },
      );
      const b = await strip.evaluate((el) => el.scrollLeft);
      t.equal(a, b, 'paused: the strip stays');

      // A thumbnail shows its picture by scrolling the strip, not the page.
      const scrollY = await page.evaluate(() => window.scrollY);
      await page.locator('.gallery-thumbs__link').nth(2).click();
      await page.waitForFunction(
        () => document.querySelectorAll('.gallery-thumbs__link')[2]?.getAttribute('aria-current') === 'true',
      );
      t.equal(await page.evaluate(() => window.scrollY), scrollY, 'the page did not jump');
      t.equal(page.url(), `${site!.base}/gallery`);
      t.same(await wcagViolations(page), [], 'no axe violation on the slideshow');
      t.same(problems, []);

      const calm = await visit('/gallery', { reducedMotion: 'reduce' });
      await calm.page.getByRole('button', { name: 'Play slideshow' }).waitFor();
      const still = calm.page.locator('.gallery--slideshow');
      await calm.page.waitForFunction(
        (since) => performance.now() > since + 1500,
        await calm.page.evaluate(() => performance.now()),
        { polling: 100 },
      );
      t.equal(await still.evaluate((el) => el.scrollLeft), 0, 'reduced motion: it does not start by itself');
    },
  );
});

t.test('a review written on the product page shows at once and after a reload', { skip }, async (t) => {
  const { page, problems } = await visit('/shop/walnut-serving-board');
  const section = page.getByRole('region', { name: 'Reviews' });
  await section.getByRole('heading', { name: 'Write a review' }).waitFor();
  t.match(await section.locator('.product-reviews__average').textContent(), /5\.0 out of 5 \(1 review\)/);

  await section.getByRole('button', { name: 'Post review' }).click();
  await section.getByText(REVIEW_MESSAGES.rating).waitFor();
  t.ok(await section.getByText(REVIEW_MESSAGES.titleMissing).isVisible());
  t.equal(
    await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name),
    'rating',
    'the first bad field takes focus',
  );
  t.same(await wcagViolations(page), [], 'no axe violation with the field messages');

  await section.locator('.star-input__star').filter({ hasText: '3 stars' }).click();
  t.ok(await section.getByRole('radio', { name: '3 stars' }).isChecked(), 'the rating is a radio of its own name');
  await section.getByLabel('Title').fill('Handsome, a little small');
  await section.getByLabel('Review', { exact: true }).fill('Lovely grain.\nFits cheese for four, not eight.');
  await section.getByLabel('Your name').fill('Jo B.');
  await section.getByRole('button', { name: 'Post review' }).click();
  await section.getByText(REVIEW_MESSAGES.thanks).waitFor();
  const newest = section.locator('.review').first();
  t.match(await newest.locator('.review__title').textContent(), 'Handsome, a little small');
  t.match(await newest.locator('.review__author').textContent(), 'Jo B.');
  t.match(await section.locator('.product-reviews__average').textContent(), /4\.0 out of 5 \(2 reviews\)/);
  t.equal(await section.getByLabel('Title').inputValue(), '', 'the form is ready for another');
  await screenshot(page, 'product-reviews-desktop');

  await page.waitForLoadState('networkidle');
  await page.reload();
  await page.getByRole('region', { name: 'Reviews' }).getByText('Handsome, a little small').waitFor();
  t.match(await page.locator('.product__reviews-link').textContent(), /4\.0 out of 5 \(2 reviews\)/);
  t.same(problems, []);
});

t.test('quick view on the store list: pictures, price, options and add to cart in a dialog', { skip }, async (t) => {
  const { page, problems } = await visit('/shop');
  const button = page.getByRole('link', { name: /^Quick View ?: Stoneware Mug$/ });
  // Each card's link is taken over by its own island: this one's, not the first card's, must be ready,
  // or the click follows the link to the product page as it does without script.
  await button.and(page.locator('[data-quick-view-ready]')).waitFor({ state: 'attached' });
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Stoneware Mug' });
  await dialog.waitFor();
  t.equal(page.url(), `${site!.base}/shop`, 'the list stays');
  t.ok(await dialog.locator('.quick-view__image').isVisible(), 'the picture');
  t.match(await dialog.locator('.product-price').first().textContent(), /\$/);
  const add = dialog.getByRole('button', { name: 'Add To Cart' });
  await add.waitFor();
  t.same(await wcagViolations(page), [], 'no axe violation with the quick view open');
  await screenshot(page, 'quick-view-desktop');

  // Options not chosen: the add-to-cart island's own message.
  await add.click();
  await dialog.getByText(/Please select the/).waitFor();
  for (const group of await dialog.locator('.variant-radiobtn-wrapper').all()) {
    await group.locator('label').first().click();
  }
  for (const select of await dialog.locator('select[data-variant-option-name]').all()) {
    if ((await select.inputValue()) === '') await select.selectOption({ index: 1 });
  }
  await add.click();
  await page.locator('[data-cart-indicator]').filter({ hasText: /1/ }).first().waitFor();
  const stored = await site!.handle.db
    .selectFrom('cartEntries')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  t.ok(Number(stored.count) >= 1, 'the entry is in a cart');

  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  t.equal(
    await page.evaluate(() => document.activeElement?.textContent?.replace(/\s+/g, ' ').trim()),
    'Quick View: Stoneware Mug',
    'focus back on the button',
  );
  t.same(problems, []);
});

t.test('on a phone: the lightbox, the quick view and the reviews, with no axe violation', { skip }, async (t) => {
  const phone = { width: 390, height: 844 };
  const gallery = await visit('/gallery', { viewport: phone });
  await gallery.page.locator('[data-gallery][data-lightbox-ready]').waitFor({ state: 'attached' });
  await gallery.page.locator('.gallery__link').first().click();
  await gallery.page.getByRole('dialog').waitFor();
  t.same(await wcagViolations(gallery.page), [], 'lightbox');
  await screenshot(gallery.page, 'gallery-lightbox-dark-phone');

  const shop = await visit('/shop', { viewport: phone });
  const board = shop.page.getByRole('link', { name: /^Quick View ?: Walnut Serving Board$/ });
  await board.and(shop.page.locator('[data-quick-view-ready]')).waitFor({ state: 'attached' });
  await board.click();
  await shop.page.getByRole('dialog', { name: 'Walnut Serving Board' }).waitFor();
  await shop.page.getByRole('dialog').getByRole('button', { name: 'Add To Cart' }).waitFor();
  t.same(await wcagViolations(shop.page), [], 'quick view');
  await screenshot(shop.page, 'quick-view-phone');

  const product = await visit('/shop/house-blend-coffee', { viewport: phone });
  await product.page.getByRole('heading', { name: 'Write a review' }).waitFor();
  t.same(await wcagViolations(product.page), [], 'product page with its reviews');
  await screenshot(product.page, 'product-reviews-phone');
  t.same([...gallery.problems, ...shop.problems, ...product.problems], []);
});
