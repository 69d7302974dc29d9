/**
 * Restock sign-ups in headless Chromium against the real server, through to
 * the email: a shopper chooses a sold-out variant of the serving bowl and
 * signs up (blank, invalid, then a good address), the owner sends the
 * notices with an API key, and a real SMTP server on loopback receives the
 * message. Then the same with the website's captcha on, drawn by a
 * provider on loopback and checked by the server with the provider.
 */
import type { Page } from 'playwright-core';
import t, { type Test } from 'tap';
import { sendPendingMail, smtpTransport } from '../../api/mail/index.ts';
import { createApiKey } from '../../api/repositories/api-key-repository.ts';
import { DEMO_WEBSITE_ID } from '../../api/seed/demo-ids.ts';
import { RESTOCK_MESSAGES } from '../../shared/restock-messages.ts';
import { startSmtpServer } from '../api/helpers/smtp-server.ts';
import { productId } from '../api-http/api-helpers.ts';
import { browserSkip, openSiteInBrowser, screenshot, watchProblems } from './browser-support.ts';
import { CAPTCHA_CHECKBOX_LABEL, startCaptchaProvider } from './captcha-provider.ts';

const BOWL = productId('speckled-serving-bowl');
const RESTOCK = '/api/site-users/account/notifications/restock';
/** The demo store's own success text (api/seed/demo-site.ts). */
const SUCCESS_TEXT = "You're on the list! We'll email you as soon as it's back.";

/** The product page with one glaze chosen; returns the widget now shown. */
async function chooseGlaze(t: Test, page: Page, glaze: string) {
  await page.getByRole('radio', { name: glaze }).check();
  // The widget shows once its island listens to the form (and only the chosen variant's).
  const widget = page.locator('.product-restock-notification:visible');
  await widget.first().waitFor();
  await t.resolveMatch(widget.count(), 1, 'one widget: the chosen variant');
  return {
    widget,
    email: widget.getByRole('textbox', { name: 'Your Email' }),
    message: widget.locator('.product-restock-message'),
  };
}

t.test('a shopper signs up for a sold-out variant and gets the email', { skip: browserSkip(t) }, async (t) => {
  const smtp = await startSmtpServer(t);
  const provider = await startCaptchaProvider(t);
  const { base, browser, handle } = await openSiteInBrowser(t, { server: { captcha: provider.config } });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems = watchProblems(page, {
    // The refused sign-ups below are the answers under test.
    allowStatus: (url, status) => url.endsWith(RESTOCK) && status === 400,
  });

  await page.goto(`${base}/shop/speckled-serving-bowl`);
  t.equal(await page.locator('.product-restock-notification:visible').count(), 0, 'no widget before a choice');
  const white = await chooseGlaze(t, page, 'Speckled White');
  const variantId = await white.widget.getAttribute('data-variant-id');

  await white.widget.getByRole('button', { name: 'Sign Up' }).click();
  await t.resolveMatch(white.message.innerText(), RESTOCK_MESSAGES.emailBlank);
  t.equal(await white.email.getAttribute('aria-invalid'), 'true');
  t.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'email', 'focus on the field');
  await screenshot(page, 'restock-1-blank');

  await white.email.fill('ada@example');
  await white.email.press('Enter');
  await page.getByText(RESTOCK_MESSAGES.emailInvalid).waitFor();
  await screenshot(page, 'restock-2-invalid');

  await white.email.fill('ada@example.com');
  await white.widget.getByRole('checkbox', { name: 'Subscribe to our mailing list' }).check();
  await white.widget.getByRole('button', { name: 'Sign Up' }).click();
  await white.widget.getByText(SUCCESS_TEXT).waitFor();
  t.equal(await white.widget.locator('form').count(), 0, 'the form is replaced');
  t.ok(await white.widget.locator('.product-restock-cta').isVisible(), 'the call to action stays');
  t.equal(await page.evaluate(() => document.activeElement?.textContent), SUCCESS_TEXT, 'focus on the success text');
  await screenshot(page, 'restock-3-signed-up');

  const stored = await handle.db.selectFrom('restockSignups').selectAll().where('itemId', '=', BOWL).execute();
  t.match(stored, [{ variantId, email: 'ada@example.com', joinMailingList: true }], 'the sign-up is stored');

  // The owner sends the notices with an API key from `npm run owner`.
  const { key } = await createApiKey(handle.db, DEMO_WEBSITE_ID, 'restock test', ['restock-notifications']);
  const owner = (path: string, body?: unknown) =>
    fetch(`${base}${RESTOCK}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(async (response) => ({ status: response.status, body: await response.json() }));
  t.match(await owner('/groups'), { status: 200, body: { signUpGroups: [{ productId: BOWL, variantId }] } });
  t.match(await owner('/send', { productId: BOWL, variantId }), { status: 200, body: { sent: 1 } });
  t.match(await owner('/send', { productId: BOWL, variantId }), { status: 200, body: { sent: 0 } }, 'sent once');

  const transport = smtpTransport(smtp.url);
  t.teardown(() => transport.close());
  // The notice, and the mailing list's welcome: the shopper ticked the box.
  t.same(await sendPendingMail(handle.db, transport, { from: 'Fernwood <shop@fernwood.test>' }), {
    sent: 2,
    failed: 0,
  });
  t.equal(smtp.received.length, 2, 'the SMTP server received both emails');
  // Quoted-printable: long lines are folded with a trailing '='.
  const texts = smtp.received.map((received) => received.raw.replace(/=\r\n/g, ''));
  t.same(
    smtp.received.map((received) => received.to),
    [['ada@example.com'], ['ada@example.com']],
  );
  const welcome = texts.find((raw) => /Subject: You are on the .* mailing list/.test(raw)) ?? '';
  t.match(
    welcome,
    /List-Unsubscribe:\s+<http:\/\/[^>]+\/newsletter\/unsubscribe\?token=[^>]+>/,
    'the welcome can be left',
  );
  t.match(welcome, /List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
  const text = texts.find((raw) => /Subject: Back in stock/.test(raw)) ?? '';
  t.match(text, /Subject: Back in stock: Speckled Serving Bowl/);
  t.match(text, /Speckled Serving Bowl \(Glaze: Speckled White\) is back in stock/);
  t.match(text, `Get it here: ${base}/shop/speckled-serving-bowl`);

  // The website turns its captcha on: the widget draws the provider's challenge and the server checks it.
  await handle.db
    .updateTable('websiteSettings')
    .set({ captchaSiteKey: 'loopback-site-key' })
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .execute();
  await page.goto(`${base}/shop/speckled-serving-bowl`);
  const ash = await chooseGlaze(t, page, 'Ash Blue');
  const checkbox = ash.widget.getByRole('checkbox', { name: CAPTCHA_CHECKBOX_LABEL });
  await checkbox.waitFor();
  await ash.email.fill('grace@example.com');
  await ash.widget.getByRole('button', { name: 'Sign Up' }).click();
  await t.resolveMatch(ash.message.innerText(), 'Complete CAPTCHA before submitting.');
  t.same(provider.verified, [], 'nothing sent without a token');
  await checkbox.check();
  await ash.widget.getByRole('button', { name: 'Sign Up' }).click();
  await ash.widget.getByText(SUCCESS_TEXT).waitFor();
  t.match(provider.verified, [{ success: true }], 'the server checked the token with the provider');
  t.equal(await ash.widget.locator('.loopback-captcha').count(), 0, 'the captcha is gone with the form');
  await screenshot(page, 'restock-4-captcha-signed-up');

  t.same(problems, [], 'no console errors or failed requests');
  await context.close();
});
