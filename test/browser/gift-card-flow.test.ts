/**
 * A gift card bought as a shopper does it in headless Chromium (issue 19):
 * the product page asks for the recipient's name and email and a note,
 * before the button; the fields are checked with the spec's messages
 * before any request; the purchase goes on to checkout, the gift card
 * page, which shows the chosen denomination with the recipient and note,
 * as the cart does. Then (issue 20) the order is placed, the card's email
 * reaches the recipient through a real SMTP server on loopback, and she
 * spends its code at checkout on an order of her own.
 */
import t from 'tap';
import { sendPendingMail, smtpTransport } from '../../api/mail/index.ts';
import { startSmtpServer } from '../api/helpers/smtp-server.ts';
import { wcagViolations } from './axe-check.ts';
import { browserSkip, fillTestCard, openSiteInBrowser, screenshot, watchProblems } from './browser-support.ts';

const CART_ENTRIES = '/api/commerce/shopping-cart/entries';

/** The recipient fields are held to WCAG 2.1 as well. */
const WCAG_21 = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const skip = browserSkip(t);
const site = skip ? undefined : await openSiteInBrowser(t);

t.test(
  'the gift card page asks for the recipient, and the card bought is mailed to her and spent',
  { skip },
  async (t) => {
    if (!site) return;
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    t.teardown(() => context.close());
    const page = await context.newPage();
    const problems = watchProblems(page);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === CART_ENTRIES) {
        posts.push(request.postData() ?? '');
      }
    });
    await page.goto(`${site.base}/shop/fernwood-gift-card`);
    await page.locator('.sqs-add-to-cart-button[data-state]').waitFor();
    await page.locator('.product-variants[data-variant-display]').waitFor();

    const fields = page.getByRole('group', { name: 'Who is it for?' });
    const name = fields.getByRole('textbox', { name: "Recipient's name" });
    const email = fields.getByRole('textbox', { name: "Recipient's email" });
    const note = fields.getByRole('textbox', { name: 'Note (optional)' });
    for (const field of [name, email, note]) t.ok(await field.isVisible(), 'the field is there');
    const button = page.locator('.sqs-add-to-cart-button[data-state]');
    t.ok(
      await page.evaluate(() => {
        const group = document.querySelector('[data-gift-card-recipient]');
        const add = document.querySelector('.sqs-add-to-cart-button');
        return !!group && !!add && (group.compareDocumentPosition(add) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
      }),
      'the recipient comes before the button, in reading and tab order',
    );

    await page.getByRole('radio', { name: '$50' }).check();
    await button.click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    t.match(await alert.innerText(), /Unable to purchase Gift Card/);
    t.match(await alert.innerText(), /One or more fields is invalid, please check your entries\./);
    t.equal(await name.getAttribute('aria-invalid'), 'true', 'the name is marked');
    t.equal(await page.locator('#gift-card-recipient-name-error').innerText(), 'Required');
    t.equal(await page.locator('#gift-card-recipient-email-error').innerText(), 'Required');
    t.ok(await name.evaluate((input) => input === document.activeElement), 'focus goes to the first field to fix');
    t.same(
      await wcagViolations(page, { include: '.product__purchase', tags: WCAG_21 }),
      [],
      'axe: the fields and their messages pass WCAG A/AA',
    );
    await screenshot(page, 'gift-card-1-required');

    await name.fill('Grace Hopper');
    t.equal(await name.getAttribute('aria-invalid'), null, 'typing clears its mark');
    await email.fill('grace@example');
    await button.click();
    await page.locator('#gift-card-recipient-email-error:not([hidden])').waitFor();
    t.equal(
      await page.locator('#gift-card-recipient-email-error').innerText(),
      'Email is not valid. Email addresses should follow the format user@domain.com.',
    );
    t.same(posts, [], 'nothing was sent while the fields were wrong');

    await email.fill('grace@example.com');
    await note.fill('Happy birthday, from the whole team');
    await button.click();
    await page.waitForURL(`${site.base}/checkout`);
    t.equal(posts.length, 1, 'one add');
    t.same(JSON.parse(JSON.parse(posts[0]!).additionalFields), {
      recipientName: 'Grace Hopper',
      recipientEmail: 'grace@example.com',
      note: 'Happy birthday, from the whole team',
    });
    const summary = page.locator('.checkout-summary');
    t.match(await summary.innerText(), /Fernwood Gift Card/);
    t.match(await summary.innerText(), /\$50\.00/, 'the chosen denomination');
    t.match(await summary.innerText(), /For: Grace Hopper \(grace@example\.com\)/);
    t.match(await summary.innerText(), /Note: Happy birthday, from the whole team/);
    t.same(
      await wcagViolations(page, { include: '.checkout-summary', tags: WCAG_21 }),
      [],
      'axe: the summary with the recipient passes WCAG A/AA',
    );
    await screenshot(page, 'gift-card-2-checkout');

    await page.goto(`${site.base}/cart`);
    await page.locator('.cart-page__gift').waitFor();
    t.match(await page.locator('.cart-page__gift').innerText(), /For: Grace Hopper \(grace@example\.com\)/);
    t.match(await page.locator('.cart-page__gift').innerText(), /Note: Happy birthday, from the whole team/);

    // The buyer places the order; the card's email goes out through the outbox to a real SMTP server.
    await page.goto(`${site.base}/checkout`);
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await fillTestCard(page);
    await page.getByRole('button', { name: 'Place test order' }).click();
    await page.waitForURL(/\/checkout\/order-confirmed\?orderToken=/);
    const smtp = await startSmtpServer(t);
    const transport = smtpTransport(smtp.url);
    t.teardown(() => transport.close());
    // The gift card's email, the buyer's receipt and the owner's notice.
    t.same(await sendPendingMail(site.handle.db, transport, { from: 'Fernwood <shop@fernwood.test>' }), {
      sent: 3,
      failed: 0,
    });
    const mail = smtp.received.find((received) => received.raw.includes('sent you a'));
    t.same(mail?.to, ['grace@example.com'], 'to the recipient the buyer named');
    // Quoted-printable: long lines are folded with a trailing '='.
    const text = mail?.raw.replace(/=\r\n/g, '') ?? '';
    t.match(text, /Hello Grace Hopper,/);
    t.match(text, /Ada Lovelace sent you a gift card for Fernwood Coffee & Home, worth \$50\.00\./);
    t.match(text, /Their note: Happy birthday, from the whole team/);
    const code = /Your gift card code: ([A-Z0-9]{4}(?:-[A-Z0-9]{4}){3})/.exec(text)?.[1] ?? '';
    t.ok(code, 'the code is in the email');
    t.same(problems, [], 'no console errors and no failed requests');

    // Grace spends it on an order of her own, in another browser.
    const graceContext = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    t.teardown(() => graceContext.close());
    const grace = await graceContext.newPage();
    const graceProblems = watchProblems(grace);
    await grace.goto(`${site.base}/shop/home-barista-field-guide`);
    const add = grace.locator('.sqs-add-to-cart-button[data-state]');
    await add.waitFor();
    await Promise.all([
      grace.waitForResponse((response) => new URL(response.url()).pathname === CART_ENTRIES && response.ok()),
      add.click(),
    ]);
    await grace.goto(`${site.base}/checkout`);
    // Typed as people type codes: lower case, spaces for the dashes.
    await grace.getByRole('textbox', { name: 'Gift card' }).fill(code.toLowerCase().replaceAll('-', ' '));
    await grace.getByRole('button', { name: 'Apply gift card' }).click();
    const last = code.slice(-4);
    const totals = grace.locator('.checkout-totals');
    await totals.getByText(`Gift card ending in ${last}`).waitFor();
    await t.resolveMatch(
      totals.innerText(),
      new RegExp(`Total\\s*\\$14\\.00\\s*Gift card ending in ${last}\\s*−\\$14\\.00\\s*Left to pay\\s*\\$0\\.00`),
    );
    await t.resolveMatch(
      grace.locator('.checkout-gift-card').innerText(),
      new RegExp(`Gift card ending in ${last}: −\\$14\\.00 of its \\$50\\.00`),
    );
    t.equal(
      await grace.getByRole('textbox', { name: 'Gift card' }).inputValue(),
      '',
      'the field is cleared once applied',
    );
    t.same(
      await wcagViolations(grace, { include: '.checkout-form', tags: WCAG_21 }),
      [],
      'axe: the form with the card applied passes WCAG A/AA',
    );
    await screenshot(grace, 'gift-card-3-redeemed');

    await grace.getByLabel('Email').fill('grace@example.com');
    await grace.getByLabel('Full name').fill('Grace Hopper');
    await grace.getByRole('button', { name: 'Place test order' }).click();
    await grace.waitForURL(/\/checkout\/order-confirmed\?orderToken=/);
    await t.resolveMatch(
      grace.locator('.checkout-totals').innerText(),
      /Total\s*\$14\.00\s*Paid by gift card\s*−\$14\.00\s*Rest of the total\s*\$0\.00/,
    );
    await screenshot(grace, 'gift-card-4-confirmed');
    const card = await site.handle.db
      .selectFrom('giftCards')
      .select('balanceMinor')
      .where('lastCharacters', '=', last)
      .where('orderId', 'is not', null)
      .executeTakeFirstOrThrow();
    t.equal(card.balanceMinor, '3600', 'the card keeps $36.00');
    t.same(graceProblems, [], 'no console errors and no failed requests');
  },
);
