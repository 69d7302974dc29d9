/**
 * A shopper in headless Chromium enters an address, picks shipping, applies
 * a discount code and sees the confirmation with the right totals (issue
 * 20), with scripts on and off: the checkout is a server form either way.
 * The demo store's rules: Express $18.00; New York's 4% taxes shipping too;
 * WELCOME10 takes 10% off.
 */
import t from 'tap';
import {
  browserSkip,
  fillCheckoutAddress,
  fillTestCard,
  NEW_YORK,
  openSiteInBrowser,
  screenshot,
  watchProblems,
} from './browser-support.ts';

t.test('address, shipping, a code, and the totals on the confirmation', { skip: browserSkip(t) }, async (t) => {
  const { base, browser } = await openSiteInBrowser(t);

  for (const scripts of [true, false]) {
    const mode = scripts ? 'scripts' : 'no-scripts';
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: scripts });
    const page = await context.newPage();
    const problems = watchProblems(page);

    // Each mode a customer of its own: WELCOME10 is once a customer.
    // Two mugs, put in the cart through the API as the product page's script would.
    await page.goto(`${base}/shop/stoneware-mug`);
    const crumb = (await context.cookies()).find((cookie) => cookie.name === 'crumb')?.value ?? '';
    const added = await page.request.post(`${base}/api/commerce/shopping-cart/entries`, {
      headers: { 'x-csrf-token': crumb },
      data: {
        itemId: await page.locator('[data-item-id]').first().getAttribute('data-item-id'),
        sku: 'FW-MUG-OAT',
        quantity: 2,
      },
    });
    t.equal(added.status(), 200, `${mode}: added`);

    await page.goto(`${base}/checkout`);
    await page.waitForLoadState('networkidle');
    const totals = page.locator('.checkout-summary .checkout-totals');
    await t.resolveMatch(totals.innerText(), /Shipping\s*From your address/, `${mode}: no place, no shipping yet`);

    await fillCheckoutAddress(page, { email: `shopper-${mode}@example.com`, name: 'Sam Shopper', ...NEW_YORK });
    await page.getByRole('button', { name: 'Update shipping and totals' }).click();

    // The page comes back for the place: the state list, the ZIP code, the options and New York's tax.
    await page.locator('.checkout-totals', { hasText: 'New York sales tax' }).waitFor();
    t.equal(await page.getByLabel('State').inputValue(), 'NY', `${mode}: the state chosen from the list`);
    t.equal(await page.getByLabel('ZIP code').inputValue(), '10118');
    const shipping = page.getByRole('group', { name: 'Shipping method' });
    t.ok(await shipping.getByRole('radio', { name: /Standard shipping/ }).isChecked(), `${mode}: standard by default`);
    // $64.00 + $6.95 + 4% of both: $2.84.
    await t.resolveMatch(totals.innerText(), /Total\s*\$73\.79/);
    await screenshot(page, `checkout-shipping-${mode}-1-options`);

    await shipping.getByRole('radio', { name: /Express shipping/ }).check();
    await page.getByLabel('Discount code').fill('welcome10');
    // Exactly: the gift card's button beside it is 'Apply gift card'.
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.locator('.checkout-totals', { hasText: 'WELCOME10' }).waitFor();
    t.ok(await shipping.getByRole('radio', { name: /Express shipping/ }).isChecked(), `${mode}: express kept`);
    // 6400 − 640 = 5760; express 1800; 4% of 5760 (230.4) and of 1800 (72) → $3.02; total $78.62.
    await t.resolveMatch(
      totals.innerText(),
      /Subtotal\s*\$64\.00\s*Discount WELCOME10\s*−\$6\.40\s*Shipping\s*\$18\.00\s*New York sales tax \(4%\)\s*\$3\.02\s*Total\s*\$78\.62/,
    );
    t.equal(await page.getByLabel('Discount code').inputValue(), '', `${mode}: the field is cleared once applied`);
    await screenshot(page, `checkout-shipping-${mode}-2-code`);

    await fillTestCard(page);
    await page.getByRole('button', { name: 'Place test order' }).click();
    await page.waitForURL(/\/checkout\/order-confirmed\?orderToken=[0-9a-f]{24}$/);
    await t.resolveMatch(page.getByRole('heading', { level: 1 }).innerText(), 'Thank you, your order is placed');
    await t.resolveMatch(
      page.locator('.checkout-totals').innerText(),
      /Subtotal\s*\$64\.00\s*Discount WELCOME10\s*−\$6\.40\s*Shipping \(Express shipping\)\s*\$18\.00\s*New York sales tax \(4%\)\s*\$3\.02\s*Total\s*\$78\.62/,
      `${mode}: the confirmation shows what was charged`,
    );
    await t.resolveMatch(page.locator('.order-details').innerText(), /New York, New York 10118\s*United States/);
    await screenshot(page, `checkout-shipping-${mode}-3-confirmed`);
    t.same(problems, [], `${mode}: no console errors or failed requests`);
    await context.close();
  }
});
