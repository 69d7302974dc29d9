/**
 * Donations (issue 24) through inject(), on the demo site: the editor adds
 * a donation block to the About page through the page editor's route; the
 * block leads to the donate page (203); a preset and a custom amount paid
 * with the test provider's card are recorded paid, a receipt is queued and
 * the contribution-confirmed page (204) states the amount; a declined card
 * comes back with what was typed and records nothing paid; amounts that
 * are not numbers, below the minimum or above the maximum are refused with
 * a clear message and record nothing; the owner's list shows the paid
 * donations with their total, and exports them as CSV. Then the intents
 * provider: its payment method field, a decline, the bank's step settled
 * by the webhook (once) or by asking the provider when the donor is back.
 */
import type { LightMyRequestResponse } from 'fastify';
import t from 'tap';
import { PAYMENT_WEBHOOK_PATH } from '../../api/http/payment-webhook-routes.ts';
import { listOutbox } from '../../api/mail/index.ts';
import { IntentsPaymentProvider } from '../../api/payments/intents-payment-provider.ts';
import { PAYMENT_MESSAGES } from '../../api/payments/payment-provider.ts';
import { TestPaymentProvider } from '../../api/payments/test-payment-provider.ts';
import { signWebhook } from '../../api/payments/webhook-signature.ts';
import { collectionId, DEMO_WEBSITE_ID } from '../../api/seed/demo-ids.ts';
import { DEMO_OWNERS } from '../../api/seed/demo-owners.ts';
import { CHECKOUT_MESSAGES } from '../../api/services/checkout-form.ts';
import { settleOverdueDonations } from '../../api/services/donation-service.ts';
import { HOLD_MINUTES } from '../../api/services/order-payment-service.ts';
import { PAYMENT_FORM_MESSAGES } from '../../api/services/payment-form.ts';
import { DONATION_AMOUNT_MESSAGES } from '../../domain/donations/donation-amount.ts';
import { FAKE_SECRET_KEY, startFakeIntentsServer } from '../api/helpers/fake-intents-server.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { CRUMB, PAY_WITH_TEST_CARD, Visitor } from './api-helpers.ts';
import { OwnerClient } from './owner-helpers.ts';

const { app, handle } = await openDemoApp(t);
const db = handle.db;
const CONTENT = '/api/owner/content';
const ABOUT = collectionId('about');

const editor = new OwnerClient(app);
await editor.ownerSignIn(DEMO_OWNERS.editor.email, DEMO_OWNERS.editor.password);
const admin = new OwnerClient(app);
await admin.ownerSignIn(DEMO_OWNERS.admin.email, DEMO_OWNERS.admin.password);

const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));

async function aboutRevision(): Promise<number> {
  const row = await db
    .selectFrom('collections')
    .select('revision')
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('id', '=', ABOUT)
    .executeTakeFirstOrThrow();
  return row.revision;
}

const BLOCK = {
  type: 57,
  title: 'Coffee for the food bank',
  description: 'Every $10 buys a kilo of coffee for the Portland food bank.',
  presetAmounts: ['1000', '2500', '5000'],
  allowCustom: true,
  minimum: '500',
  maximum: '100000',
};

async function addBlock(block: unknown): Promise<LightMyRequestResponse> {
  return editor.request('POST', `${CONTENT}/collections/${ABOUT}/blocks`, {
    baseRevision: await aboutRevision(),
    block,
  });
}

const added = await addBlock(BLOCK);
if (added.statusCode !== 201) throw new Error(added.body);
const stored = added.json().collection.blocks.at(-1);
const CAUSE = stored.key as string;

/** A form post as a browser sends it; the answer before any redirect. */
async function post(visitor: Visitor, url: string, fields: Record<string, string>): Promise<LightMyRequestResponse> {
  const response = await app.inject({
    method: 'POST',
    url,
    remoteAddress: visitor.address,
    headers: { host: visitor.host, cookie: visitor.cookieHeader, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  return response;
}

const DONOR = { name: 'Ada Lovelace', email: 'ada@example.coffee', note: 'For the winter.' };
const give = (visitor: Visitor, fields: Record<string, string>) =>
  post(visitor, '/donate/about', { crumb: CRUMB, cause: CAUSE, ...DONOR, ...PAY_WITH_TEST_CARD, ...fields });

async function follow(visitor: Visitor, answer: LightMyRequestResponse): Promise<LightMyRequestResponse> {
  if (answer.statusCode !== 303) throw new Error(`not a redirect: ${answer.statusCode} ${answer.body.slice(0, 300)}`);
  return visitor.request('GET', String(answer.headers.location));
}

const donations = () =>
  db.selectFrom('donations').selectAll().where('websiteId', '=', DEMO_WEBSITE_ID).orderBy('createdOn').execute();
const receipts = async () =>
  (await listOutbox(db, { websiteId: DEMO_WEBSITE_ID, limit: 500 })).filter((mail) => mail.kind === 'donation-receipt');

t.test('the block is stored with a key and shown on its page, leading to the donate page', async (t) => {
  t.match(stored, { type: 57, title: BLOCK.title, presetAmounts: ['1000', '2500', '5000'], minimum: '500' });
  t.match(CAUSE, /^[0-9a-f]{12}$/, 'the server gave the block its key');
  const visitor = new Visitor(app);
  const about = main((await visitor.request('GET', '/about')).body);
  t.match(about, /<form class="donation-block" method="get" action="\/donate\/about"/);
  t.match(about, '<h2 class="donation-block__title"');
  t.match(about, 'Coffee for the food bank');
  t.match(about, /name="amount" value="2500"> \$25\.00<\/label>/);
  t.match(about, 'You can give any amount from $5.00 to $1,000.00.');

  const page = await visitor.request('GET', `/donate/about?cause=${CAUSE}&amount=2500`);
  t.equal(page.statusCode, 200);
  t.equal(page.headers['cache-control'], 'no-store');
  const html = main(page.body);
  t.match(html, '<h1 class="page-title">Coffee for the food bank</h1>');
  t.match(html, /id="donate-amount-1" name="amount" value="2500" checked>/, 'the amount chosen on the block is chosen');
  t.match(html, /<input type="hidden" name="crumb" value="[^"]+">/);
  t.match(html, 'Test mode: use a test card');
  const json = await visitor.request('GET', `/donate/about?cause=${CAUSE}&format=json`);
  t.equal(json.json().pageType, 203, 'the donate page is page type 203');
  t.equal((await visitor.request('GET', '/donate/about?cause=nosuchcause')).statusCode, 404);
  t.equal((await visitor.request('GET', '/donate/shop')).statusCode, 404, 'a page without a donation block has none');
});

t.test('a preset amount: paid, recorded, receipt queued, and 204 states the amount', async (t) => {
  const visitor = new Visitor(app);
  const answer = await give(visitor, { amount: '2500' });
  t.equal(answer.statusCode, 303);
  t.match(answer.headers.location, /^\/checkout\/contribution-confirmed\?donation=[0-9a-f]{32}$/);
  const thanks = await follow(visitor, answer);
  t.equal(thanks.statusCode, 200);
  t.equal(thanks.headers['cache-control'], 'no-store');
  const html = main(thanks.body);
  t.match(html, '<h1 class="page-title">Thank you for your donation</h1>');
  t.match(html, 'You gave <strong>$25.00</strong> to Coffee for the food bank.');
  t.match(html, 'A receipt is on its way to <strong>ada@example.coffee</strong>.');
  const json = await visitor.request('GET', `${answer.headers.location}&format=json`);
  t.equal(json.json().pageType, 204);

  const [donation] = await donations();
  t.match(donation, {
    status: 'paid',
    amountMinor: '2500',
    currency: 'USD',
    donorName: 'Ada Lovelace',
    donorEmail: 'ada@example.coffee',
    note: 'For the winter.',
    causeTitle: 'Coffee for the food bank',
    testMode: true,
  });
  t.ok(donation?.providerPaymentId?.startsWith('tp_'), 'paid through the test provider');
  const [receipt] = await receipts();
  t.match(receipt, { to: 'ada@example.coffee', subject: 'Your donation to Fernwood Coffee & Home: $25.00' });
  t.match(receipt?.text, 'Thank you for your donation of $25.00 to Fernwood Coffee & Home.');
  t.match(receipt?.text, 'Cause: Coffee for the food bank');
  t.match(receipt?.text, 'Your note: For the winter.');
  t.equal(
    (await new Visitor(app).request('GET', `/checkout/contribution-confirmed?donation=${'0'.repeat(32)}`)).statusCode,
    404,
    'a made-up token shows nothing',
  );
});

t.test('a custom amount, typed as a visitor types it, the radio left for the field to choose', async (t) => {
  const visitor = new Visitor(app);
  const answer = await give(visitor, { customAmount: '$123.45', note: '' });
  t.equal(answer.statusCode, 303, answer.body);
  const html = main((await follow(visitor, answer)).body);
  t.match(html, 'You gave <strong>$123.45</strong> to Coffee for the food bank.');
  t.notMatch(html, 'Your note', 'no note, no line for it');
  const paid = (await donations()).filter((d) => d.status === 'paid');
  t.same(
    paid.map((d) => d.amountMinor),
    ['2500', '12345'],
  );
  t.equal((await receipts()).length, 2, 'a receipt for each');
});

t.test('a declined card keeps what was typed and records nothing paid', async (t) => {
  const before = await donations();
  const visitor = new Visitor(app);
  const answer = await give(visitor, {
    amount: 'custom',
    customAmount: '40',
    note: 'Keep it up',
    cardNumber: '4000 0000 0000 0002',
  });
  t.equal(answer.statusCode, 303);
  t.match(answer.headers.location, new RegExp(`^/donate/about\\?cause=${CAUSE}&attempt=[0-9a-f]{32}$`));
  const again = await follow(visitor, answer);
  t.equal(again.statusCode, 200);
  const html = main(again.body);
  t.match(html, `<p class="checkout-alert__message">${PAYMENT_MESSAGES.declined}</p>`);
  t.match(html, 'Nothing was taken.');
  t.match(html, /id="donate-amount-custom" name="amount" value="custom" checked>/, 'the own amount stays chosen');
  t.match(html, /name="customAmount"[^>]*value="40"/);
  t.match(html, /name="name"[^>]*value="Ada Lovelace"/);
  t.match(html, /name="email"[^>]*value="ada@example.coffee"/);
  t.match(html, '>Keep it up</textarea>');
  t.notMatch(html, /name="card(Number|Expiry|Cvc)"[^>]*value=/, 'the card is never sent back');
  const after = await donations();
  t.equal(after.length, before.length + 1, 'the attempt is recorded');
  t.match(after.at(-1), { status: 'declined', amountMinor: '4000', declineMessage: PAYMENT_MESSAGES.declined });
  t.equal(after.filter((d) => d.status === 'paid').length, 2, 'nothing more is paid');
  t.equal((await receipts()).length, 2, 'and no receipt is queued');
  const stranger = new Visitor(app);
  stranger.cookies.set('crumb', 'another-visitor');
  t.notMatch(main((await stranger.request('GET', answer.headers.location as string)).body), 'Ada Lovelace');
});

t.test(
  'a card that asks for a second step: completed, it is paid; cancelled, the donor is back with what they typed',
  async (t) => {
    const paidBefore = (await donations()).filter((d) => d.status === 'paid').length;
    const visitor = new Visitor(app);
    const asked = await give(visitor, { amount: '5000', cardNumber: '4000 0025 0000 3155' });
    t.equal(asked.statusCode, 303);
    t.match(asked.headers.location, /^\/checkout\/payment-step\?payment=tp_[0-9a-f]+$/);
    const step = await follow(visitor, asked);
    t.equal(step.statusCode, 200);
    t.match(step.body, '<dt>Amount</dt><dd>$50.00</dd>');
    t.equal((await donations()).at(-1)?.status, 'requires-action', 'waiting for the bank');
    const paymentId = new URL(String(asked.headers.location), 'http://localhost').searchParams.get('payment') ?? '';
    const completed = await post(visitor, '/checkout/payment-step', {
      crumb: CRUMB,
      payment: paymentId,
      decision: 'complete',
    });
    t.equal(completed.statusCode, 303);
    t.match(completed.headers.location, /^\/checkout\/contribution-confirmed\?donation=/);
    t.match(main((await follow(visitor, completed)).body), 'You gave <strong>$50.00</strong>');
    t.equal((await donations()).filter((d) => d.status === 'paid').length, paidBefore + 1);

    const again = await give(visitor, { amount: 'custom', customAmount: '7.50', cardNumber: '4000 0025 0000 3155' });
    const cancelId = new URL(String(again.headers.location), 'http://localhost').searchParams.get('payment') ?? '';
    const cancelled = await post(visitor, '/checkout/payment-step', {
      crumb: CRUMB,
      payment: cancelId,
      decision: 'cancel',
    });
    t.equal(cancelled.statusCode, 303);
    t.match(cancelled.headers.location, /^\/donate\/about\?cause=/);
    const html = main((await follow(visitor, cancelled)).body);
    t.match(html, PAYMENT_MESSAGES.actionFailed);
    t.match(html, /name="customAmount"[^>]*value="7.50"/);
    t.match(html, /name="name"[^>]*value="Ada Lovelace"/);
    t.match((await donations()).at(-1), { status: 'declined', amountMinor: '750' });
    t.equal((await donations()).filter((d) => d.status === 'paid').length, paidBefore + 1, 'nothing more paid');
  },
);

t.test('amounts that are not numbers or out of range: a clear message, nothing recorded', async (t) => {
  const before = (await donations()).length;
  const cases: Array<[Record<string, string>, string]> = [
    [{ amount: 'custom', customAmount: 'twenty' }, DONATION_AMOUNT_MESSAGES.notANumber('USD')],
    [{ amount: 'custom', customAmount: '12.345' }, DONATION_AMOUNT_MESSAGES.notANumber('USD')],
    [{ amount: 'custom', customAmount: '4.99' }, DONATION_AMOUNT_MESSAGES.belowMinimum('$5.00')],
    [{ amount: 'custom', customAmount: '0' }, DONATION_AMOUNT_MESSAGES.belowMinimum('$5.00')],
    [{ amount: 'custom', customAmount: '1000.01' }, DONATION_AMOUNT_MESSAGES.aboveMaximum('$1,000.00')],
    [{ amount: 'custom', customAmount: '' }, DONATION_AMOUNT_MESSAGES.chooseOrEnter],
    [{ amount: '' }, DONATION_AMOUNT_MESSAGES.chooseOrEnter],
    [{ amount: '999' }, DONATION_AMOUNT_MESSAGES.notOffered],
    [{ amount: '2500', customAmount: '40' }, DONATION_AMOUNT_MESSAGES.both],
  ];
  for (const [fields, message] of cases) {
    const visitor = new Visitor(app);
    const answer = await give(visitor, fields);
    t.equal(answer.statusCode, 303);
    const html = main((await follow(visitor, answer)).body);
    t.match(
      html,
      `<p class="field-error" id="donate-amount-error"><span class="visually-hidden">Error:</span> ${message.replaceAll('$', '$')}</p>`,
      `${JSON.stringify(fields)}: ${message}`,
    );
    t.match(html, 'There is a problem');
  }
  t.equal(DONATION_AMOUNT_MESSAGES.notANumber('USD'), 'Enter the amount as a number, for example 19.00.');
  t.equal(DONATION_AMOUNT_MESSAGES.belowMinimum('$5.00'), 'The smallest amount you can give is $5.00.');

  const visitor = new Visitor(app);
  const all = await give(visitor, { amount: '2500', name: '', email: 'not-an-email', cardNumber: '' });
  const html = main((await follow(visitor, all)).body);
  t.match(html, CHECKOUT_MESSAGES.nameRequired);
  t.match(html, CHECKOUT_MESSAGES.emailInvalid);
  t.match(html, PAYMENT_FORM_MESSAGES.cardNumberRequired, 'every problem at once');
  t.match(html, /id="donate-amount-1" name="amount" value="2500" checked>/);

  const noCrumb = new Visitor(app);
  const refused = await post(noCrumb, '/donate/about', {
    cause: CAUSE,
    amount: '2500',
    ...DONOR,
    ...PAY_WITH_TEST_CARD,
  });
  t.equal(refused.statusCode, 303);
  t.match(
    main((await follow(noCrumb, refused)).body),
    'checkout-alert__message',
    'a post without the crumb is refused',
  );
  t.equal((await donations()).length, before, 'none of them recorded anything');
});

t.test('the editor refuses a donation block whose amounts make no form', async (t) => {
  const revision = await aboutRevision();
  const cases: Array<[Record<string, unknown>, string, string]> = [
    [{ minimum: '5000', maximum: '1000' }, 'block.minimum', 'The minimum cannot be above the maximum.'],
    [
      { presetAmounts: [], allowCustom: false },
      'block.presetAmounts',
      'Offer at least one amount, or allow donors to enter their own.',
    ],
    [{ presetAmounts: ['100'] }, 'block.presetAmounts', 'Each amount must be between the minimum and the maximum.'],
    [{ presetAmounts: ['ten'] }, 'block.presetAmounts.0', 'Enter an amount above zero, such as 25 or 25.50.'],
  ];
  for (const [change, field, message] of cases) {
    const response = await addBlock({ ...BLOCK, ...change });
    t.equal(response.statusCode, 400);
    t.equal(response.json().error.fields[field], message);
  }
  t.equal(await aboutRevision(), revision, 'nothing was saved');
});

t.test('the owner sees the paid donations, their total, and a CSV of them', async (t) => {
  const response = await admin.request('GET', '/api/owner/donations');
  t.equal(response.statusCode, 200);
  const body = response.json();
  t.same(
    body.donations.map((d: { amountCents: string }) => d.amountCents),
    ['5000', '12345', '2500'],
    'newest first, paid only',
  );
  t.match(body.donations[2], { donorName: 'Ada Lovelace', donorEmail: 'ada@example.coffee', causeTitle: BLOCK.title });
  t.same(body.totals, [{ currency: 'USD', amountCents: '19845', count: 3 }]);
  const csv = await admin.request('GET', '/api/owner/donations/export');
  t.equal(csv.headers['content-type'], 'text/csv; charset=utf-8');
  t.match(csv.body, 'Date,Cause,Name,Email,Currency,Amount,Note,Test');
  t.match(csv.body, 'Coffee for the food bank,Ada Lovelace,ada@example.coffee,USD,25.00,For the winter.,yes');
  t.equal((await new Visitor(app).request('GET', '/api/owner/donations')).statusCode, 401, 'visitors see nothing');
});

t.test('the intents provider: its payment method, the bank’s step, the way back and the webhook', async (t) => {
  const fake = await startFakeIntentsServer();
  t.teardown(fake.close);
  const webhookSecret = 'whsec_donations';
  const payments = new IntentsPaymentProvider({ apiUrl: fake.url, secretKey: FAKE_SECRET_KEY, webhookSecret });
  const demo = await openDemoApp(t, { server: { payments } });
  const owner = new OwnerClient(demo.app);
  await owner.ownerSignIn(DEMO_OWNERS.editor.email, DEMO_OWNERS.editor.password);
  const revision = await demo.handle.db
    .selectFrom('collections')
    .select('revision')
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('id', '=', ABOUT)
    .executeTakeFirstOrThrow();
  const block = await owner.request('POST', `${CONTENT}/collections/${ABOUT}/blocks`, {
    baseRevision: revision.revision,
    block: BLOCK,
  });
  const cause = block.json().collection.blocks.at(-1).key as string;
  const visitor = new Visitor(demo.app);
  const form = main((await visitor.request('GET', `/donate/about?cause=${cause}`)).body);
  t.match(form, /<label class="field-label" for="donate-payment-method">Payment method<\/label>/);
  t.notMatch(form, /name="cardNumber"|Test mode/, 'no card fields, no test notice');
  const send = (fields: Record<string, string>) =>
    demo.app.inject({
      method: 'POST',
      url: '/donate/about',
      remoteAddress: visitor.address,
      headers: { host: 'localhost', cookie: visitor.cookieHeader, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ crumb: CRUMB, cause, amount: '2500', ...DONOR, ...fields }).toString(),
    });
  const all = () =>
    demo.handle.db
      .selectFrom('donations')
      .selectAll()
      .where('websiteId', '=', DEMO_WEBSITE_ID)
      .orderBy('createdOn')
      .execute();

  const declined = await send({ paymentMethod: 'pm_card_chargeDeclined' });
  t.match(main((await visitor.request('GET', String(declined.headers.location))).body), 'Your card was declined.');
  t.match(await all(), [{ status: 'declined' }]);

  const held = await send({ paymentMethod: 'pm_card_threeDSecureRequired' });
  t.match(
    held.headers.location,
    /^https:\/\/hooks\.example\/3ds\/pi_\d+\?return=http:\/\/localhost\/checkout\/payment-step$/,
  );
  const intentId = /\/3ds\/(pi_\d+)/.exec(String(held.headers.location))?.[1] ?? '';
  const reference = fake.requests.findLast((request) => request.path === '/v1/payment_intents')?.form[
    'metadata[reference]'
  ];
  t.match(reference, /^donation:/, 'the provider is told it is a donation');
  const event = JSON.stringify({
    id: 'evt_donation_paid',
    type: 'payment_intent.succeeded',
    data: { object: { id: intentId, object: 'payment_intent', metadata: { reference } } },
  });
  const webhook = () =>
    demo.app.inject({
      method: 'POST',
      url: PAYMENT_WEBHOOK_PATH,
      headers: {
        host: 'localhost',
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signWebhook(webhookSecret, event, Math.floor(Date.now() / 1000)),
      },
      payload: event,
    });
  t.same((await webhook()).json(), { received: true });
  t.match((await all()).at(-1), { status: 'paid', amountMinor: '2500', testMode: false }, 'the webhook settled it');
  t.same((await webhook()).json(), { received: true, duplicate: true }, 'a replay changes nothing');
  const receipts = (await listOutbox(demo.handle.db, { websiteId: DEMO_WEBSITE_ID })).filter(
    (mail) => mail.kind === 'donation-receipt',
  );
  t.equal(receipts.length, 1, 'one receipt');
  const back = await visitor.request('GET', `/checkout/payment-step?payment_intent=${intentId}`);
  t.match(back.headers.location, /^\/checkout\/contribution-confirmed\?donation=/, 'the donor back from the bank');

  const other = await send({ paymentMethod: 'pm_card_threeDSecureRequired', amount: '5000' });
  const otherIntent = /\/3ds\/(pi_\d+)/.exec(String(other.headers.location))?.[1] ?? '';
  fake.finishAction(otherIntent, true);
  const returned = await visitor.request('GET', `/checkout/payment-step?payment_intent=${otherIntent}`);
  t.match(returned.headers.location, /^\/checkout\/contribution-confirmed\?/, 'no webhook yet: the provider is asked');
  t.match(
    main((await visitor.request('GET', String(returned.headers.location))).body),
    'You gave <strong>$50.00</strong>',
  );
});

t.test('donations left waiting for the bank are settled by the payments round', async (t) => {
  const provider = new TestPaymentProvider(db, { webhookSecret: 'whsec_unused' });
  const visitor = new Visitor(app);
  const abandoned = await give(visitor, { amount: '1000', cardNumber: '4000 0025 0000 3155' });
  const approved = await give(visitor, { amount: '5000', cardNumber: '4000 0025 0000 3155' });
  const idOf = (answer: LightMyRequestResponse) =>
    new URL(String(answer.headers.location), 'http://localhost').searchParams.get('payment') ?? '';
  // The donor approved at their bank and never came back to the site.
  await provider.completeStep(idOf(approved), true);
  const receiptsBefore = (await receipts()).length;

  t.equal(await settleOverdueDonations(db, provider, new Date()), 0, 'not yet overdue');
  const later = new Date(Date.now() + (HOLD_MINUTES + 1) * 60_000);
  t.equal(await settleOverdueDonations(db, provider, later), 2);
  const byPayment = async (answer: LightMyRequestResponse) =>
    db.selectFrom('donations').selectAll().where('providerPaymentId', '=', idOf(answer)).executeTakeFirst();
  t.match(await byPayment(abandoned), { status: 'declined', declineMessage: PAYMENT_MESSAGES.expired });
  t.match(await byPayment(approved), { status: 'paid', amountMinor: '5000' });
  t.equal((await receipts()).length, receiptsBefore + 1, 'the paid one gets its receipt');
  t.equal(await settleOverdueDonations(db, provider, later), 0, 'nothing left waiting');
});
