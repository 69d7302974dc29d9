/**
 * A visitor's whole add-to-cart flow in headless Chromium against the real
 * server: choose a variant, add two, see the pill and header, change the
 * quantity on /cart, remove, see the empty cart. Once with the mouse, once
 * with the keyboard alone.
 */
import type { Page } from 'playwright-core';
import t, { type Test } from 'tap';
import { browserSkip, openSiteInBrowser, screenshot, watchProblems } from './browser-support.ts';

const PRODUCT = '/shop/stoneware-mug';
const OPTION_MESSAGE = 'Please select the Color option.';

/** Presses Tab until the focused element matches, as a keyboard user would. */
async function tabTo(page: Page, selector: string, options: { backwards?: boolean } = {}): Promise<void> {
  for (let presses = 0; presses < 80; presses++) {
    await page.keyboard.press(options.backwards ? 'Shift+Tab' : 'Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

const headerCount = (page: Page) => page.locator('[data-cart-indicator] .sqs-cart-quantity');
const pill = (page: Page) => page.locator('a.sqs-cart-pill');

t.test('add to cart, change and remove on /cart', { skip: browserSkip(t) }, async (t) => {
  const { base, browser } = await openSiteInBrowser(t);

  for (const mode of ['mouse', 'keyboard'] as const) {
    // A new context is a new visitor: no cookies, so an empty cart.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(base + PRODUCT);
    const add = page.locator('.sqs-add-to-cart-button[data-island-mounted], .sqs-add-to-cart-button[data-state]');
    await add.first().waitFor();
    await page.locator('[data-cart-indicator][data-cart-initialized]').waitFor();

    // Adding without a colour names the option.
    if (mode === 'mouse') await add.first().click();
    else {
      await tabTo(page, '.sqs-add-to-cart-button');
      await page.keyboard.press('Enter');
    }
    await t.resolveMatch(page.getByRole('alert').innerText(), OPTION_MESSAGE, `${mode}: option message`);
    await screenshot(page, `cart-flow-${mode}-1-option-message`);

    // Choose Slate, two of them, add.
    if (mode === 'mouse') {
      await page.locator('.variant-radiobtn-wrapper label', { hasText: 'Slate' }).click();
      await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
      await add.first().click();
    } else {
      await tabTo(page, '.variant-radiobtn', { backwards: true });
      // The first radio has focus and nothing is chosen: Space picks Oat, the arrow moves on to Slate.
      await page.keyboard.press('Space');
      await page.keyboard.press('ArrowRight');
      await tabTo(page, '.product-quantity-input input');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('2');
      await tabTo(page, '.sqs-add-to-cart-button');
      await page.keyboard.press('Enter');
    }
    await t.resolveMatch(page.getByRole('radio', { name: 'Slate' }).isChecked(), true, `${mode}: Slate is chosen`);
    await page.locator('.sqs-add-to-cart-button[data-state="added"]').waitFor();
    t.equal(await headerCount(page).innerText(), '2', `${mode}: header shows 2`);
    t.equal(
      await page.getByRole('link', { name: '2 items in cart, subtotal $64.00' }).count(),
      2,
      `${mode}: the pill and the header say 2 and the subtotal`,
    );
    t.equal(await pill(page).locator('.sqs-cart-pill__count').innerText(), '2', `${mode}: pill count`);
    t.equal(await pill(page).locator('.sqs-cart-pill__subtotal').innerText(), '$64.00', `${mode}: pill subtotal`);
    await screenshot(page, `cart-flow-${mode}-2-added`);

    // The pill opens the cart.
    if (mode === 'mouse') await pill(page).click();
    else {
      await tabTo(page, 'a.sqs-cart-pill');
      await page.keyboard.press('Enter');
    }
    await page.waitForURL(`${base}/cart`);
    await cartSteps(t, page, mode);
    t.same(problems, [], `${mode}: no console errors and no failed requests`);
    await context.close();
  }
});

async function cartSteps(t: Test, page: Page, mode: 'mouse' | 'keyboard'): Promise<void> {
  const root = page.locator('#sqs-cart-root');
  await root.getByRole('spinbutton').first().waitFor();
  await screenshot(page, `cart-flow-${mode}-3-cart`);
  t.match(await root.innerText(), /Stoneware Mug/, `${mode}: the entry is listed`);
  t.match(await root.innerText(), /Slate/, `${mode}: with its variant`);
  t.match(await root.innerText(), /\$64\.00/, `${mode}: subtotal of two`);

  const quantity = root.getByRole('spinbutton').first();
  if (mode === 'mouse') {
    await quantity.fill('3');
    await quantity.press('Enter');
  } else {
    await tabTo(page, '#sqs-cart-root input');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('3');
    await page.keyboard.press('Enter');
  }
  await page.waitForFunction(() => document.querySelector('#sqs-cart-root')?.textContent?.includes('$96.00'));
  t.equal(await headerCount(page).innerText(), '3', `${mode}: header follows the cart page`);
  await screenshot(page, `cart-flow-${mode}-4-three`);

  const remove = root.getByRole('button', { name: /Remove/ }).first();
  if (mode === 'mouse') await remove.click();
  else {
    await tabTo(page, '#sqs-cart-root button[aria-label^="Remove"]');
    await page.keyboard.press('Enter');
  }
  await root.getByText('Your cart is empty.').waitFor();
  t.ok(
    await page.evaluate(() => document.activeElement?.closest('#sqs-cart-root') !== null),
    `${mode}: focus stays in the cart after the last entry goes`,
  );
  t.equal(
    await page.getByRole('banner').getByRole('link', { name: '0 items in cart', exact: true }).count(),
    1,
    `${mode}: header says the cart is empty`,
  );
  await screenshot(page, `cart-flow-${mode}-5-empty`);
}
