/**
 * The floating cart pill and the header indicator as a shopper finds them
 * (issue 19, "Cart pill and header"), at 1280×800 and 390×844: the pill
 * never covers a button, field or form of the page wherever it is
 * scrolled, is absent on /cart and /checkout, is named by what it shows
 * and sits in a landmark (axe: label-content-name-mismatch, region); the
 * header shows the count and the subtotal.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import t from 'tap';
import { browserSkip, openSiteInBrowser, screenshot, watchProblems } from './browser-support.ts';

const SIZES = [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'phone', width: 390, height: 844 },
] as const;

/** What the pill must not cover, as a shopper sees the page. */
const CONTENT = [
  'main a',
  'main button',
  'main input:not([type="hidden"])',
  'main select',
  'main textarea',
  'main label',
  'main [role="button"]',
  'main .checkout-summary',
  'main form',
].join(', ');

const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const skip = browserSkip(t);
const site = skip ? undefined : await openSiteInBrowser(t);

/** Waits until the pill has placed itself after a scroll (two frames: its own and the paint). */
async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** Every content box the pill overlaps while it is seen, named for the report. */
async function coveredByPill(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const pill = document.querySelector<HTMLElement>('a.sqs-cart-pill');
    if (!pill || pill.hidden || getComputedStyle(pill).visibility === 'hidden') return [];
    const p = pill.getBoundingClientRect();
    const hits: string[] = [];
    for (const element of document.querySelectorAll(selector)) {
      const b = element.getBoundingClientRect();
      if (b.width === 0 || b.height === 0) continue;
      if (p.left < b.right && b.left < p.right && p.top < b.bottom && b.top < p.bottom) {
        hits.push(`${element.tagName.toLowerCase()}.${element.className} at ${Math.round(b.top)}`);
      }
    }
    return hits;
  }, CONTENT);
}

/** The page's axe violations of the given rules, as 'rule: target' lines. */
async function axeViolations(page: Page, rules: string[]): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async (runOnly) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: unknown): Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: { id: string; nodes: { target: string[] }[] }[];
    }
    const result = await axe.run(document, { runOnly: { type: 'rule', values: runOnly } });
    return result.violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')}`));
  }, rules);
}

for (const size of SIZES) {
  t.test(
    `${size.label} ${size.width}×${size.height}: the pill keeps clear, is named and placed`,
    { skip },
    async (t) => {
      if (!site) return;
      const context = await site.browser.newContext({ viewport: { width: size.width, height: size.height } });
      t.teardown(() => context.close());
      const page = await context.newPage();
      const problems = watchProblems(page);

      await page.goto(`${site.base}/shop/stoneware-mug`);
      await page.locator('.product-variants[data-variant-display]').waitFor();
      await page.locator('[data-cart-indicator][data-cart-initialized]').waitFor();
      await page.getByRole('radio', { name: 'Oat' }).check();
      const button = page.locator('.sqs-add-to-cart-button[data-state]');
      await button.click();
      await page.locator('.sqs-add-to-cart-button[data-state="added"]').waitFor();
      const pill = page.locator('a.sqs-cart-pill');
      await pill.waitFor({ state: 'attached' });
      await page.waitForFunction(() => !document.querySelector<HTMLElement>('a.sqs-cart-pill')?.hidden);
      await settled(page);

      // Where the shopper pressed Add To Cart, and then all the way down the page.
      t.same(await coveredByPill(page), [], 'the pill covers nothing where the button was pressed');
      const buttonBox = await button.boundingBox();
      const pillBox = (await pill.isVisible()) ? await pill.boundingBox() : null;
      t.ok(
        !buttonBox ||
          !pillBox ||
          buttonBox.x + buttonBox.width <= pillBox.x ||
          pillBox.x + pillBox.width <= buttonBox.x ||
          buttonBox.y + buttonBox.height <= pillBox.y ||
          pillBox.y + pillBox.height <= buttonBox.y,
        `the pill is clear of Add To Cart (${JSON.stringify(pillBox)} / ${JSON.stringify(buttonBox)})`,
      );
      await screenshot(page, `cart-pill-${size.label}-1-product`);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y < height; y += Math.round(size.height / 3)) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await settled(page);
        t.same(await coveredByPill(page), [], `nothing covered scrolled to ${y}`);
      }

      // Its name holds what it shows, and it is in a landmark.
      const subtotal = (await page.locator('.sqs-cart-pill__subtotal').innerText()).trim();
      t.match(subtotal, /^\$\d+\.\d\d$/, 'the pill shows the subtotal');
      t.equal(
        await page
          .getByRole('complementary', { name: 'Cart' })
          .getByRole('link', { name: `One item in cart, subtotal ${subtotal}` })
          .count(),
        1,
        "the pill's name: the spec's words and the subtotal it shows",
      );
      t.same(
        await axeViolations(page, ['label-content-name-mismatch', 'region']),
        [],
        'axe: no name mismatch, no content outside landmarks',
      );

      // The header shows the count and the subtotal.
      const indicator = page.locator('[data-cart-indicator]');
      t.equal((await indicator.locator('.sqs-cart-quantity').innerText()).trim(), '1', 'the header shows the count');
      t.equal((await indicator.locator('.cart-indicator__subtotal').innerText()).trim(), subtotal, 'and the subtotal');
      t.ok(await indicator.locator('.cart-indicator__subtotal').isVisible(), 'seen, at this size too');

      // No pill over the cart's and checkout's own summaries.
      for (const path of ['/cart', '/checkout']) {
        await page.goto(site.base + path);
        await page.locator('[data-cart-indicator][data-cart-initialized]').waitFor();
        t.equal(await page.locator('.sqs-cart-pill').count(), 0, `no pill on ${path}`);
        await screenshot(page, `cart-pill-${size.label}-${path.slice(1)}`);
      }
      t.same(problems, [], 'no console errors and no failed requests');
    },
  );
}
