/**
 * The product page as a shopper finds it at 1280×800 in headless Chromium,
 * one test per defect of issue 19's "Product page" section: the sold-out
 * variant's button and picture, one restock box for the chosen variant,
 * an add-to-cart alert that is seen and goes away, the quantity limit,
 * the scarcity message's reserved place, and a subscription's period.
 */
import type { Locator, Page } from 'playwright-core';
import t from 'tap';
import { json } from '../../api/db/json.ts';
import { DEMO_WEBSITE_ID } from '../../api/seed/demo-ids.ts';
import { browserSkip, openSiteInBrowser, screenshot, watchProblems } from './browser-support.ts';

const VIEWPORT = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const CART_ENTRIES = '/api/commerce/shopping-cart/entries';
/** The store's own sold-out wording, which the mark and the button both use. */
const CUSTOM_SOLD_OUT = 'Gone for now';

const skip = browserSkip(t);
const site = skip ? undefined : await openSiteInBrowser(t);

if (site) {
  const { db } = site.handle;
  // Before any page is served, so no kept page predates the store's settings.
  const settings = await db
    .selectFrom('websiteSettings')
    .select('storeSettings')
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('websiteSettings')
    .set({ storeSettings: json({ ...settings.storeSettings, customSoldOutText: CUSTOM_SOLD_OUT }) })
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .execute();
  // Slate sells out: a sold-out variant that has a picture of its own.
  await db
    .updateTable('productVariants')
    .set({ qtyInStock: 0 })
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('sku', '=', 'FW-MUG-SLATE')
    .execute();
}

/** A new visitor on a product page, once its islands listen. */
async function openProduct(
  path: string,
  viewport: { width: number; height: number } = VIEWPORT,
): Promise<{ page: Page; problems: string[]; cartPosts: string[] }> {
  if (!site) throw new Error('no browser');
  const context = await site.browser.newContext({ viewport });
  t.teardown(() => context.close());
  const page = await context.newPage();
  const problems = watchProblems(page);
  const cartPosts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === CART_ENTRIES) cartPosts.push(request.url());
  });
  await page.goto(site.base + path);
  await page.locator('.sqs-add-to-cart-button[data-state], .product__sold-out-note').first().waitFor();
  if ((await page.locator('.product-variants').count()) > 0) {
    await page.locator('.product-variants[data-variant-display]').first().waitFor();
  }
  return { page, problems, cartPosts };
}

/** A box in page coordinates: checking a radio scrolls it into view on a phone, which is not the page moving. */
const pageBox = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { x: box.x + window.scrollX, y: box.y + window.scrollY, width: box.width, height: box.height };
  });

const addButton = (page: Page) => page.locator('.sqs-add-to-cart-button[data-state]');
const visibleRestock = (page: Page) => page.locator('.product-restock-notification:visible');

t.test('a sold-out variant shows the sold-out button and its own picture', { skip }, async (t) => {
  const { page, problems, cartPosts } = await openProduct('/shop/stoneware-mug');
  const slateImage = await page.locator('.product-gallery__slide').nth(1).getAttribute('data-image-id');

  await page.getByRole('radio', { name: 'Slate' }).check();
  const button = addButton(page);
  await t.resolveMatch(button.isDisabled(), true, 'the button is disabled');
  t.equal((await button.innerText()).trim(), CUSTOM_SOLD_OUT, "the store's sold-out text on the button");
  t.equal(await button.getAttribute('data-state'), 'sold-out');
  t.equal(
    // The product's own mark, which follows the chosen variant; related products below have marks of their own.
    (await page.locator('.product-mark[data-variant-mark]:visible').textContent())?.trim(),
    CUSTOM_SOLD_OUT,
    "the mark uses the store's text too",
  );
  t.equal(
    await page.locator('.product-gallery__slide').first().getAttribute('data-image-id'),
    slateImage,
    "the variant's picture comes first",
  );
  t.ok(await page.locator(`[data-image-id="${slateImage}"] img`).isVisible(), 'and is seen');
  await button.click({ force: true });
  await button.press('Enter');
  t.same(cartPosts, [], 'nothing is sent for a sold-out variant');
  t.equal(await page.getByRole('alert').count(), 0, 'no alert: the button says it all');
  await screenshot(page, 'product-1-sold-out-variant');

  await page.getByRole('radio', { name: 'Oat' }).check();
  await t.resolveMatch(button.isDisabled(), false, 'an available variant enables the button again');
  t.equal((await button.innerText()).trim(), 'Add To Cart');
  t.same(problems, [], 'no console errors and no failed requests');
});

t.test('a sold-out product with variants shows one restock box, the chosen variant’s', { skip }, async (t) => {
  const { page, problems } = await openProduct('/shop/speckled-serving-bowl');
  t.equal(await visibleRestock(page).count(), 0, 'none before a choice');
  for (const glaze of ['Speckled White', 'Ash Blue']) {
    await page.getByRole('radio', { name: glaze }).check();
    await visibleRestock(page).first().waitFor();
    t.equal(await visibleRestock(page).count(), 1, `${glaze}: one box`);
    const variants = JSON.parse(
      (await page.locator('.product-variants').getAttribute('data-variants')) ?? '[]',
    ) as Array<{ id: string; attributes: Record<string, string> }>;
    const chosen = variants.find((variant) => variant.attributes.Glaze === glaze);
    t.equal(await visibleRestock(page).getAttribute('data-variant-id'), chosen?.id, `${glaze}: for that variant`);
  }
  await screenshot(page, 'product-2-restock-one-box');

  // On a product that is not sold out, the box comes and goes with the sold-out variant.
  const mug = await openProduct('/shop/stoneware-mug');
  await mug.page.getByRole('radio', { name: 'Terracotta' }).check();
  await visibleRestock(mug.page).first().waitFor();
  t.equal(await visibleRestock(mug.page).count(), 1, 'Terracotta: one box');
  await mug.page.getByRole('radio', { name: 'Oat' }).check();
  t.equal(await visibleRestock(mug.page).count(), 0, 'Oat: none');
  // Slate, sold out by this test's store next to Oat in stock, at both sizes.
  for (const viewport of [VIEWPORT, PHONE]) {
    const one = await openProduct('/shop/stoneware-mug', viewport);
    t.equal(await visibleRestock(one.page).count(), 0, `${viewport.width}: none before a choice`);
    await one.page.getByRole('radio', { name: 'Slate' }).check();
    await visibleRestock(one.page).first().waitFor();
    t.equal(await visibleRestock(one.page).count(), 1, `${viewport.width}: Slate, sold out, gets its sign-up`);
    t.ok(
      await visibleRestock(one.page).getByRole('textbox', { name: /email/i }).isVisible(),
      `${viewport.width}: with its email field`,
    );
    await screenshot(one.page, `product-2-restock-sold-out-variant-${viewport.width}`);
    t.same(one.problems, [], 'no console errors and no failed requests');
  }
  t.same([...problems, ...mug.problems], [], 'no console errors and no failed requests');
});

t.test('the add-to-cart alert is seen at 1280×800, announced, and cleared by a new choice', { skip }, async (t) => {
  const { page, problems } = await openProduct('/shop/waffle-cotton-throw');
  const button = addButton(page);
  await button.click();
  const alert = page.getByRole('alert');
  await alert.waitFor();
  t.match(await alert.innerText(), /Please select the .* options?\./, 'the option message');
  const box = await alert.boundingBox();
  t.ok(
    box && box.y >= 0 && box.y + box.height <= VIEWPORT.height,
    `the alert is in the viewport (${JSON.stringify(box)})`,
  );
  const [alertBox, formBox, buttonBox] = [
    box,
    await page.locator('.product__purchase').boundingBox(),
    await button.boundingBox(),
  ];
  t.ok(alertBox && formBox && buttonBox && alertBox.y < buttonBox.y, 'the alert is above the button');
  t.ok(alertBox && formBox && alertBox.y - formBox.y < 120, 'near the top of the product form');
  t.ok(
    await alert.evaluate((element) => element.closest('[aria-live], [role="alert"]') !== null),
    'inside a live region',
  );
  t.ok(
    await page.evaluate(() => document.activeElement?.classList.contains('sqs-add-to-cart-button') ?? false),
    'focus stays on the button',
  );
  await screenshot(page, 'product-3-alert');

  // Choosing one option of two is already a new choice.
  const firstOption = page.locator('.variant-radiobtn-wrapper').first().getByRole('radio').first();
  await firstOption.check();
  await alert.waitFor({ state: 'detached', timeout: 5000 });
  t.equal(await page.getByRole('alert').count(), 0, 'the alert goes when the choice changes');
  t.same(problems, [], 'no console errors and no failed requests');
});

t.test('a quantity above 9999 is refused by the input rules before any request', { skip }, async (t) => {
  const { page, problems, cartPosts } = await openProduct('/shop/cedar-and-smoke-candle');
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  t.equal(await quantity.getAttribute('max'), '9999');
  await quantity.fill('10000');
  await addButton(page).click();
  const alert = page.getByRole('alert');
  await alert.waitFor();
  const text = await alert.innerText();
  t.notMatch(text, /do not have enough/, 'not the stock message');
  t.match(text, /9999/, 'the message names the limit');
  t.equal(await quantity.getAttribute('aria-invalid'), 'true', 'the field is marked');
  t.ok(await quantity.evaluate((input) => input === document.activeElement), 'focus on the field');
  t.same(cartPosts, [], 'no request was sent');
  await screenshot(page, 'product-4-quantity-limit');

  await quantity.fill('2');
  await addButton(page).click();
  await page.locator('.sqs-add-to-cart-button[data-state="added"]').waitFor();
  t.equal(await quantity.getAttribute('aria-invalid'), null, 'a good quantity clears the mark');
  t.equal(cartPosts.length, 1, 'and is sent');
  t.same(problems, [], 'no console errors and no failed requests');
});

for (const [label, viewport] of [
  ['1280×800', VIEWPORT],
  ['390×844', PHONE],
] as const) {
  t.test(`${label}: 'Only N left in stock' moves nothing and leaves no empty line`, { skip }, async (t) => {
    const { page, problems } = await openProduct('/shop/waffle-cotton-throw', viewport);
    const variants = JSON.parse(
      (await page.locator('.product-variants').getAttribute('data-variants')) ?? '[]',
    ) as Array<{
      qtyInStock: number;
      attributes: Record<string, string>;
    }>;
    const low = variants.find((variant) => variant.qtyInStock === 4);
    const plenty = variants.find((variant) => variant.qtyInStock > 5);
    if (!low || !plenty) throw new Error('the demo throw has a variant with 4 left and one with more than 5');
    const button = addButton(page);
    const before = await pageBox(button);
    const optionsBefore = await pageBox(page.locator('.product-variants'));
    const row = page.locator('.product__price-row');
    const rowBefore = await pageBox(row);

    // Before a choice the slot has nothing to say: it is not a line of its own between the price and the form.
    const slot = await pageBox(page.locator('.product__scarcity'));
    t.ok(
      slot && rowBefore && slot.y >= rowBefore.y && slot.y + slot.height <= rowBefore.y + rowBefore.height,
      `the empty slot is inside the price row, not an empty line (${JSON.stringify(slot)} in ${JSON.stringify(rowBefore)})`,
    );

    const choose = async (attributes: Record<string, string>) => {
      for (const value of Object.values(attributes)) {
        await page.getByRole('radio', { name: value, exact: true }).check();
      }
    };
    await choose(low.attributes);
    const scarcity = page.locator('.product-scarcity:visible');
    t.equal((await scarcity.innerText()).trim(), 'Only 4 left in stock', 'the message shows');
    t.same(await pageBox(button), before, 'the button stays put');
    t.same(await pageBox(page.locator('.product-variants')), optionsBefore, 'the options stay put');
    t.same(await pageBox(row), rowBefore, 'the price row keeps its size');
    await screenshot(page, `product-5-scarcity-${viewport.width}`);

    await choose(plenty.attributes);
    t.equal(await scarcity.count(), 0, 'no message with plenty in stock');
    t.same(await pageBox(button), before, 'the button still stays put');
    t.same(problems, [], 'no console errors and no failed requests');
  });
}

t.test("a subscription keeps 'every month' after a variant is chosen", { skip }, async (t) => {
  const { page, problems } = await openProduct('/shop/house-blend-coffee');
  const price = page.locator('.product__price-row .product-price');
  t.match(await price.innerText(), /^from \$19\.00 every month$/, 'before a choice');
  await page.getByRole('radio', { name: '2 lb' }).check();
  await page.getByRole('radio', { name: 'Whole Bean' }).check();
  await page.waitForFunction(() =>
    document.querySelector('.product__price-row .product-price')?.textContent?.includes('44'),
  );
  t.equal((await price.innerText()).trim(), '$44.00 every month', 'the chosen variant keeps the period');
  t.match(
    await page.locator('.product-variants p.visually-hidden[aria-live]').textContent(),
    /^\$44\.00 every month/,
    'and says so to screen readers',
  );
  await screenshot(page, 'product-6-subscription');

  // Subscribing goes on to checkout, which says the order recurs and how often.
  await addButton(page).click();
  await page.waitForURL(/\/checkout\?cartToken=/);
  t.match(
    await page.locator('.checkout-summary .checkout-line__recurs').innerText(),
    /^Recurring order: \$44\.00 every month$/,
    'checkout: the line recurs every month',
  );
  await screenshot(page, 'product-7-subscription-checkout');
  t.same(problems, [], 'no console errors and no failed requests');
});
