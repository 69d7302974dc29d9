/**
 * Checkout in headless Chromium against the real server: from the cart
 * island's button with scripts on, and the whole way with scripts off
 * (the form must work without them), including a form sent back with
 * problems and the confirmation page.
 */
import t from 'tap';
import {
  browserSkip,
  fillCheckoutAddress,
  fillTestCard,
  openSiteInBrowser,
  PORTLAND_MAINE,
  screenshot,
  watchProblems,
} from './browser-support.ts';

t.test('check out from the cart, with and without scripts', { skip: browserSkip(t) }, async (t) => {
  const { base, browser } = await openSiteInBrowser(t);

  for (const scripts of [true, false]) {
    const mode = scripts ? 'scripts' : 'no-scripts';
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: scripts });
    const page = await context.newPage();
    const problems = watchProblems(page);

    // Without scripts the add-to-cart button cannot post, so the cart is filled through the API as the page's script would.
    await page.goto(`${base}/shop/walnut-coffee-scoop`);
    const crumb = (await context.cookies()).find((cookie) => cookie.name === 'crumb')?.value ?? '';
    const added = await page.request.post(`${base}/api/commerce/shopping-cart/entries`, {
      headers: { 'x-csrf-token': crumb },
      data: { itemId: await page.locator('[data-item-id]').first().getAttribute('data-item-id'), quantity: 2 },
    });
    t.equal(added.status(), 200, `${mode}: added`);

    await page.goto(`${base}/cart`);
    const checkout = page.locator(
      scripts ? '#sqs-cart-root a.cart-page__checkout' : '.cart-fallback a.cart-page__checkout',
    );
    await checkout.waitFor();
    t.equal(await checkout.innerText(), 'Check out', `${mode}: the cart has a checkout link`);
    await checkout.click();
    await page.waitForURL(`${base}/checkout`);
    await t.resolveMatch(page.getByRole('heading', { level: 1 }).innerText(), 'Checkout');
    await t.resolveMatch(
      page.locator('.checkout-test-notice').innerText(),
      'Test mode: pay with a test card; no money moves.',
    );

    // Only the email, and a bad one: the page comes back with the problems listed and linked.
    await page.getByLabel('Email').fill('scoop@');
    await page.getByRole('button', { name: 'Place test order' }).click();
    const summary = page.getByRole('alert');
    await summary.waitFor();
    t.match(
      page.url(),
      /\/checkout\?attempt=[0-9a-f]{32}$/,
      `${mode}: the form came back by a redirect, so Back never resends it`,
    );
    t.equal(
      await page.evaluate(() => document.activeElement?.classList.contains('checkout-errors')),
      true,
      `${mode}: the error summary has focus`,
    );
    await screenshot(page, `checkout-${mode}-1-problems`);
    // Back and Forward are plain page loads: no form is sent again, and the problems are still there.
    const problemsUrl = page.url();
    // Leaving while the islands still fetch the cart would abort that fetch, which the problem watch reports.
    await page.waitForLoadState('networkidle');
    await page.goBack();
    await page.waitForURL(`${base}/checkout`);
    await page.waitForLoadState('networkidle');
    await page.goForward();
    await page.waitForURL(problemsUrl);
    await page.waitForLoadState('networkidle');
    t.equal(await page.getByLabel('Email').inputValue(), 'scoop@', `${mode}: Forward shows the same problems`);
    await summary.getByRole('link', { name: 'Enter your full name.' }).click();
    t.equal(
      await page.evaluate(() => document.activeElement?.id),
      'checkout-name',
      `${mode}: the link reaches the field`,
    );
    t.equal(await page.getByLabel('Email').inputValue(), 'scoop@', `${mode}: the email is kept`);
    t.equal(await page.getByLabel('Full name').getAttribute('aria-describedby'), 'checkout-name-error');

    await fillCheckoutAddress(page, { email: 'scoop@example.com', name: 'Sam Scoop', ...PORTLAND_MAINE });
    // Enter sends the form's first button, Update shipping and totals: the page comes back priced, no order yet.
    await page.keyboard.press('Enter');
    // The page was an attempt's already, so its address says nothing: wait for the priced totals.
    await page.locator('.checkout-totals', { hasText: 'Maine sales tax' }).waitFor();
    await t.resolveMatch(page.locator('.checkout-totals').innerText(), /Maine sales tax \(5\.5%\)\s*\$2\.64/);
    t.equal(await page.getByLabel('State').inputValue(), 'ME', `${mode}: the state list, with Maine chosen`);
    await fillTestCard(page);
    await page.getByRole('button', { name: 'Place test order' }).click();
    await page.waitForURL(/\/checkout\/order-confirmed\?orderToken=[0-9a-f]{24}$/);
    await t.resolveMatch(page.getByRole('heading', { level: 1 }).innerText(), 'Thank you, your order is placed');
    await t.resolveMatch(page.locator('.checkout-summary').innerText(), /Walnut Coffee Scoop[\s\S]*\$48\.00/);
    // $48.00, Standard shipping $6.95 (under $75), Maine's 5.5% on the goods: $2.64.
    await t.resolveMatch(page.locator('.checkout-totals').innerText(), /Total\s*\$57\.59/);
    await t.resolveMatch(page.locator('.order-details').innerText(), /scoop@example\.com/);
    await screenshot(page, `checkout-${mode}-2-confirmed`);
    t.notOk(
      (await context.cookies()).some((cookie) => cookie.name === 'sb_cart'),
      `${mode}: the cart cookie is gone`,
    );

    await page.goto(`${base}/cart`);
    const empty = page.locator(scripts ? '#sqs-cart-root .empty-state' : '.cart-fallback .empty-state');
    await t.resolveMatch(empty.innerText(), /Your cart is empty/, `${mode}: the cart is empty after the order`);
    t.same(problems, [], `${mode}: no console errors or failed requests`);
    await context.close();
  }
});
