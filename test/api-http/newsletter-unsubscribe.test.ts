/**
 * Leaving a mailing list (issue 24), through inject() on the demo site: a
 * newsletter form's sign-up and a restock sign-up that joins the list each
 * get a welcome mail carrying a signed unsubscribe link and the
 * List-Unsubscribe and List-Unsubscribe-Post headers (RFC 8058). Opening
 * the link (page type 300) asks and changes nothing; the page's button
 * unsubscribes; a mail program's one-click POST does too; an altered or
 * foreign link is refused and changes nothing; the owner sees who left,
 * and a later newsletter skips them.
 */
import type { LightMyRequestResponse } from 'fastify';
import t from 'tap';
import { listOutbox, type OutboxEntry, type OutgoingMail, sendPendingMail } from '../../api/mail/index.ts';
import { DEMO_WEBSITE_ID, demoId, formFieldId, formId } from '../../api/seed/demo-ids.ts';
import { DEMO_OWNERS } from '../../api/seed/demo-owners.ts';
import { unsubscribeToken } from '../../api/services/unsubscribe-links.ts';
import { ONE_CLICK_TEXT } from '../../renderer/unsubscribe-routes.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { CRUMB, TEST_SECRET, Visitor } from './api-helpers.ts';
import { OwnerClient } from './owner-helpers.ts';

const { app, handle } = await openDemoApp(t);
const db = handle.db;
const NEWSLETTER = formId('newsletter');

const admin = new OwnerClient(app);
await admin.ownerSignIn(DEMO_OWNERS.admin.email, DEMO_OWNERS.admin.password);

const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));

async function signUpForNewsletter(email: string): Promise<void> {
  const visitor = new Visitor(app);
  const key = (await visitor.request('POST', '/api/form/FormSubmissionKey', '')).json().data.key;
  const saved = await visitor.request('POST', '/api/form/SaveFormSubmission', {
    key,
    formId: NEWSLETTER,
    form: JSON.stringify({ [formFieldId('newsletter', 'email')]: email }),
    pageTitle: 'Home',
    pageId: 'home',
    contentSource: 'c',
    pagePath: '/',
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
}

const mailTo = async (email: string, kind: string): Promise<OutboxEntry[]> =>
  (await listOutbox(db, { websiteId: DEMO_WEBSITE_ID, limit: 500 })).filter(
    (mail) => mail.to === email && mail.kind === kind,
  );

const subscriber = (email: string) =>
  db
    .selectFrom('mailingListSubscribers')
    .selectAll()
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('email', '=', email)
    .executeTakeFirst();

/** The link in a mail's text, as a path the visitor opens. */
function linkIn(mail: OutboxEntry | undefined): string {
  const found = /Unsubscribe: (http:\/\/localhost(\/newsletter\/unsubscribe\?token=[A-Za-z0-9_.-]+))\n/.exec(
    mail?.text ?? '',
  );
  if (!found) throw new Error(`no unsubscribe link in ${mail?.text}`);
  return found[2]!;
}

async function post(visitor: Visitor, url: string, body: string, type: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: visitor.address,
    headers: { host: visitor.host, cookie: visitor.cookieHeader, 'content-type': type },
    payload: body,
  });
}

t.test('a newsletter sign-up is welcomed with the signed link and the one-click headers', async (t) => {
  await signUpForNewsletter('Ada@Example.com');
  const [welcome] = await mailTo('Ada@Example.com', 'mailing-list-welcome');
  t.match(welcome, { subject: 'You are on the Fernwood Coffee & Home mailing list' });
  const path = linkIn(welcome);
  t.same(welcome?.headers, {
    'List-Unsubscribe': `<http://localhost${path}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });
  t.equal(path, `/newsletter/unsubscribe?token=${unsubscribeToken(TEST_SECRET, DEMO_WEBSITE_ID, 'ada@example.com')}`);
  t.match(await subscriber('ada@example.com'), { source: 'newsletter-form', unsubscribedOn: null });
  await signUpForNewsletter('ada@example.com');
  t.equal(
    (await mailTo('ada@example.com', 'mailing-list-welcome')).length,
    0,
    'a second sign-up is not welcomed twice',
  );

  // The headers leave with the message: what the sender hands the transport (SMTP in production).
  const handed: OutgoingMail[] = [];
  const transport = {
    send: async (mail: OutgoingMail) => {
      handed.push(mail);
    },
    close: () => {},
  };
  await sendPendingMail(db, transport, { from: 'shop@example.com' });
  const sent = handed.find((mail) => mail.to === 'Ada@Example.com');
  t.same(sent?.headers, welcome?.headers, 'List-Unsubscribe and List-Unsubscribe-Post are sent');
});

t.test('opening the link asks and changes nothing; the button unsubscribes', async (t) => {
  const path = linkIn((await mailTo('Ada@Example.com', 'mailing-list-welcome'))[0]);
  const visitor = new Visitor(app);
  for (let i = 0; i < 2; i++) {
    const page = await visitor.request('GET', path);
    t.equal(page.statusCode, 200);
    t.equal(page.headers['cache-control'], 'no-store');
    const html = main(page.body);
    t.match(html, '<h1 class="page-title">Unsubscribe from our newsletter</h1>');
    t.match(html, 'Stop sending newsletters to <strong>ada@example.com</strong>?');
    t.match(html, /<form class="newsletter-unsubscribe__form" method="post" action="\/newsletter\/unsubscribe\?token=/);
  }
  t.equal((await visitor.request('GET', `${path}&format=json`)).json().pageType, 300);
  t.match(await subscriber('ada@example.com'), { unsubscribedOn: null }, 'a GET leaves the address on the list');

  const answer = await post(
    visitor,
    path,
    new URLSearchParams({ crumb: CRUMB }).toString(),
    'application/x-www-form-urlencoded',
  );
  t.equal(answer.statusCode, 303);
  t.equal(answer.headers.location, path);
  const done = main((await visitor.request('GET', path)).body);
  t.match(done, '<h1 class="page-title">You are unsubscribed</h1>');
  t.match(done, '<strong>ada@example.com</strong> is off our mailing list.');
  t.type((await subscriber('ada@example.com'))?.unsubscribedOn, Date);
});

t.test('a mail program’s one-click POST (RFC 8058) unsubscribes, form-encoded or multipart', async (t) => {
  await signUpForNewsletter('bo@example.com');
  await signUpForNewsletter('cy@example.com');
  const stranger = new Visitor(app);
  stranger.cookies.clear();
  const encoded = await post(
    stranger,
    linkIn((await mailTo('bo@example.com', 'mailing-list-welcome'))[0]),
    'List-Unsubscribe=One-Click',
    'application/x-www-form-urlencoded',
  );
  t.equal(encoded.statusCode, 200);
  t.equal(encoded.body, ONE_CLICK_TEXT.done);
  t.type((await subscriber('bo@example.com'))?.unsubscribedOn, Date);

  const boundary = '----oneclick';
  const multipart = await post(
    stranger,
    linkIn((await mailTo('cy@example.com', 'mailing-list-welcome'))[0]),
    `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    `multipart/form-data; boundary=${boundary}`,
  );
  t.equal(multipart.statusCode, 200);
  t.type((await subscriber('cy@example.com'))?.unsubscribedOn, Date);
});

t.test('a tampered or foreign link is refused and changes nothing', async (t) => {
  await signUpForNewsletter('dee@example.com');
  const good = unsubscribeToken(TEST_SECRET, DEMO_WEBSITE_ID, 'dee@example.com');
  const [, signature] = good.split('.');
  const tampered = [
    `${Buffer.from('eve@example.com').toString('base64url')}.${signature}`,
    `${good.slice(0, -2)}AA`,
    unsubscribeToken('another-secret-0123456789abcdef0123456789', DEMO_WEBSITE_ID, 'dee@example.com'),
    unsubscribeToken(TEST_SECRET, 'another-website', 'dee@example.com'),
    'nonsense',
  ];
  const visitor = new Visitor(app);
  for (const token of tampered) {
    const path = `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
    const page = await visitor.request('GET', path);
    t.equal(page.statusCode, 400, token);
    t.match(main(page.body), '<h1 class="page-title">This unsubscribe link is not valid</h1>');
    t.notMatch(main(page.body), 'dee@example.com');
    const oneClick = await post(visitor, path, 'List-Unsubscribe=One-Click', 'application/x-www-form-urlencoded');
    t.equal(oneClick.statusCode, 400);
    t.equal(oneClick.body, ONE_CLICK_TEXT.refused);
  }
  t.equal((await visitor.request('GET', '/newsletter/unsubscribe')).statusCode, 400, 'no token at all');
  t.match(await subscriber('dee@example.com'), { unsubscribedOn: null }, 'still subscribed');
});

t.test('a restock sign-up that joins the list is welcomed the same way', async (t) => {
  const visitor = new Visitor(app);
  const signed = await visitor.request('POST', '/api/site-users/account/notifications/restock', {
    productId: demoId('product', 'stoneware-mug'),
    variantId: demoId('variant', 'fw-mug-terra'),
    siteVisitorEmail: 'fay@example.com',
    isJoinMailingList: true,
  });
  t.equal(signed.statusCode, 200, signed.body);
  const [welcome] = await mailTo('fay@example.com', 'mailing-list-welcome');
  t.ok(welcome?.headers?.['List-Unsubscribe'], 'with the header');
  linkIn(welcome);
  t.match(await subscriber('fay@example.com'), { source: 'restock-form' });
  await visitor.request('POST', '/api/site-users/account/notifications/restock', {
    productId: demoId('product', 'speckled-serving-bowl'),
    variantId: demoId('variant', 'fw-bowl-white'),
    siteVisitorEmail: 'gus@example.com',
    isJoinMailingList: false,
  });
  t.notOk(await subscriber('gus@example.com'), 'not joining leaves the list alone');
});

t.test('the owner sees who left, and a newsletter skips them', async (t) => {
  const list = await admin.request('GET', '/api/owner/mailing-list');
  t.equal(list.statusCode, 200);
  const statuses = Object.fromEntries(
    list.json().subscribers.map((s: { email: string; status: string }) => [s.email, s.status]),
  );
  t.same(statuses, {
    'ada@example.com': 'unsubscribed',
    'bo@example.com': 'unsubscribed',
    'cy@example.com': 'unsubscribed',
    'dee@example.com': 'subscribed',
    'fay@example.com': 'subscribed',
  });
  const refused = await admin.request('POST', '/api/owner/mailing-list/newsletters', { subject: ' ', text: '' });
  t.equal(refused.statusCode, 400);
  t.same(refused.json().error.fields, { subject: 'Enter a subject.', text: 'Enter the newsletter’s text.' });

  const sent = await admin.request('POST', '/api/owner/mailing-list/newsletters', {
    subject: 'New beans in December',
    text: 'The Ethiopian Guji is back.',
  });
  t.equal(sent.statusCode, 200, sent.body);
  t.same(sent.json(), { queued: 2 });
  const newsletters = (await listOutbox(db, { websiteId: DEMO_WEBSITE_ID, limit: 500 })).filter(
    (mail) => mail.kind === 'newsletter',
  );
  t.same(
    newsletters.map((mail) => mail.to).sort(),
    ['dee@example.com', 'fay@example.com'],
    'the unsubscribed are skipped',
  );
  for (const mail of newsletters) {
    const path = linkIn(mail);
    t.equal(
      path,
      `/newsletter/unsubscribe?token=${unsubscribeToken(TEST_SECRET, DEMO_WEBSITE_ID, mail.to)}`,
      'each its own link',
    );
    t.equal(mail.headers?.['List-Unsubscribe'], `<http://localhost${path}>`);
    t.equal(mail.headers?.['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
    t.match(mail.text, /^The Ethiopian Guji is back\./);
  }
  const visitor = new Visitor(app);
  t.equal((await visitor.request('GET', '/api/owner/mailing-list')).statusCode, 401);
  t.equal(
    (await visitor.request('POST', '/api/owner/mailing-list/newsletters', { subject: 'x', text: 'y' })).statusCode,
    401,
  );
});
