import { type AddressInfo, createServer } from 'node:net';
import t, { type Test } from 'tap';
import { mailConfigFromEnv } from '../../api/mail/mail-config.ts';
import { startMailDelivery } from '../../api/mail/mail-delivery.ts';
import { sendPendingMail } from '../../api/mail/mail-sender.ts';
import { type MailTransport, smtpTransport } from '../../api/mail/mail-transport.ts';
import { claimDueMail, enqueueMail, listOutbox, MAX_ATTEMPTS } from '../../api/mail/outbox.ts';
import { type Db, inTransaction } from '../../api/repositories/transaction.ts';
import { buildWebsite } from './helpers/build-site.ts';
import { startSmtpServer } from './helpers/smtp-server.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const FROM = 'Fernwood <shop@fernwood.test>';

/**
 * A database of the test's own: the sender takes due mail of every website,
 * so tests sharing one would deliver each other's messages.
 */
async function site(t: Test): Promise<{ db: Db; websiteId: string }> {
  const { db } = await openTestDatabase(t, { poolSize: 4 });
  const { websiteId } = await buildWebsite(db);
  return { db, websiteId };
}

function transportFor(t: Test, url: string): MailTransport {
  const transport = smtpTransport(url);
  t.teardown(() => transport.close());
  return transport;
}

t.test('enqueued mail is delivered over SMTP and marked sent', async (t) => {
  const { db, websiteId } = await site(t);
  const smtp = await startSmtpServer(t);
  const id = await enqueueMail(db, websiteId, {
    kind: 'form-submission',
    to: 'owner@fernwood.test',
    replyTo: 'visitor@example.test',
    subject: 'New form submission: Contact',
    text: 'Name: Ada\nMessage: Hello there',
    html: '<p>Name: Ada</p>',
  });

  const result = await sendPendingMail(db, transportFor(t, smtp.url), { from: FROM });
  t.same(result, { sent: 1, failed: 0 });
  t.equal(smtp.received.length, 1);
  const mail = smtp.received[0]!;
  t.equal(mail.from, 'shop@fernwood.test');
  t.same(mail.to, ['owner@fernwood.test']);
  t.match(mail.raw, /^Subject: New form submission: Contact\r$/m);
  t.match(mail.raw, /^To: owner@fernwood\.test\r$/m);
  t.match(mail.raw, /^Reply-To: visitor@example\.test\r$/m);
  t.match(mail.raw, /Name: Ada\r\nMessage: Hello there/);
  t.match(mail.raw, /<p>Name: Ada<\/p>/);

  const [entry] = await listOutbox(db, { websiteId });
  t.equal(entry?.id, id);
  t.ok(entry?.sentOn instanceof Date, 'sent_on set');
  t.equal(entry?.attempts, 1);
  t.equal(entry?.lastError, null);
});

t.test('a second send sends nothing twice', async (t) => {
  const { db, websiteId } = await site(t);
  const smtp = await startSmtpServer(t);
  const transport = transportFor(t, smtp.url);
  await enqueueMail(db, websiteId, { kind: 'restock', to: 'a@example.test', subject: 'Back in stock', text: 'A' });
  await enqueueMail(db, websiteId, { kind: 'restock', to: 'b@example.test', subject: 'Back in stock', text: 'B' });

  t.same(await sendPendingMail(db, transport, { from: FROM }), { sent: 2, failed: 0 });
  t.same(await sendPendingMail(db, transport, { from: FROM }), { sent: 0, failed: 0 }, 'nothing left');
  t.same(
    await sendPendingMail(db, transport, { from: FROM, everything: true }),
    { sent: 0, failed: 0 },
    'not even --send',
  );
  t.same(smtp.received.map((m) => m.to[0]).sort(), ['a@example.test', 'b@example.test']);
});

t.test('two senders at once never both take a message', async (t) => {
  const { db, websiteId } = await site(t);
  for (let i = 0; i < 10; i++) {
    await enqueueMail(db, websiteId, { kind: 'restock', to: `n${i}@example.test`, subject: 'S', text: 'T' });
  }
  const claims = await Promise.all([
    claimDueMail(db, { limit: 10 }),
    claimDueMail(db, { limit: 10 }),
    claimDueMail(db, { limit: 10 }),
  ]);
  const ids = claims.flat().map((m) => m.id);
  t.equal(ids.length, 10, 'every message claimed');
  t.equal(new Set(ids).size, 10, 'each by one sender');
  t.same(await claimDueMail(db, { limit: 10 }), [], 'claimed mail is not handed out again');
});

t.test('without SMTP the mail stays in the outbox, and inside a transaction it follows the transaction', async (t) => {
  const { db, websiteId } = await site(t);
  t.equal(mailConfigFromEnv({}).smtpUrl, undefined);
  const kept = await inTransaction(db, (trx) =>
    enqueueMail(trx, websiteId, { kind: 'form-submission', to: 'o@example.test', subject: 'Kept', text: 'x' }),
  );
  await t.rejects(
    inTransaction(db, async (trx) => {
      await enqueueMail(trx, websiteId, { kind: 'form-submission', to: 'o@example.test', subject: 'Gone', text: 'y' });
      throw new Error('rolled back');
    }),
  );
  const outbox = await listOutbox(db, { websiteId });
  t.same(
    outbox.map((m) => [m.id, m.subject, m.sentOn, m.attempts]),
    [[kept, 'Kept', null, 0]],
  );
});

t.test(
  'a refusing SMTP server leaves the message unsent with the error, and it waits before the next try',
  async (t) => {
    const { db, websiteId } = await site(t);
    const smtp = await startSmtpServer(t, 'mailbox unavailable');
    const transport = transportFor(t, smtp.url);
    await enqueueMail(db, websiteId, { kind: 'restock', to: 'x@example.test', subject: 'S', text: 'T' });

    t.same(await sendPendingMail(db, transport, { from: FROM }), { sent: 0, failed: 1 });
    let [entry] = await listOutbox(db, { websiteId });
    t.equal(entry?.sentOn, null);
    t.equal(entry?.attempts, 1);
    t.match(entry?.lastError, /mailbox unavailable/);

    t.same(await sendPendingMail(db, transport, { from: FROM }), { sent: 0, failed: 0 }, 'held back after a failure');
    t.same(
      await sendPendingMail(db, transport, { from: FROM, everything: true }),
      { sent: 0, failed: 1 },
      '--send tries',
    );
    [entry] = await listOutbox(db, { websiteId });
    t.equal(entry?.attempts, 2);
  },
);

t.test('an SMTP server that cannot be reached is a failed attempt', async (t) => {
  const { db, websiteId } = await site(t);
  // A port that was free a moment ago: nothing answers there.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  await enqueueMail(db, websiteId, { kind: 'restock', to: 'x@example.test', subject: 'S', text: 'T' });
  t.same(await sendPendingMail(db, transportFor(t, `smtp://127.0.0.1:${port}`), { from: FROM }), {
    sent: 0,
    failed: 1,
  });
  const [entry] = await listOutbox(db, { websiteId });
  t.equal(entry?.sentOn, null);
  t.match(entry?.lastError, /ECONNREFUSED/);
});

t.test('past MAX_ATTEMPTS the background sender leaves a message alone', async (t) => {
  const { db, websiteId } = await site(t);
  const id = await enqueueMail(db, websiteId, { kind: 'restock', to: 'x@example.test', subject: 'S', text: 'T' });
  await db.updateTable('mailOutbox').set({ attempts: MAX_ATTEMPTS }).where('id', '=', id).execute();
  t.same(await claimDueMail(db, { limit: 10 }), []);
  t.same(
    (await claimDueMail(db, { limit: 10, everything: true })).map((m) => m.id),
    [id],
  );
});

t.test('the background delivery sends what is enqueued and stops cleanly', async (t) => {
  const { db, websiteId } = await site(t);
  const smtp = await startSmtpServer(t);
  const delivered = new Promise<void>((resolve) => {
    const delivery = startMailDelivery(db, {
      transport: smtpTransport(smtp.url),
      from: FROM,
      intervalMs: 20,
      onResult: () => {
        resolve();
      },
      onError: (error) => t.fail(String(error)),
    });
    t.teardown(() => delivery.stop());
  });
  await enqueueMail(db, websiteId, { kind: 'form-submission', to: 'bg@example.test', subject: 'Later', text: 'x' });
  await delivered;
  t.same(
    smtp.received.map((m) => m.to),
    [['bg@example.test']],
  );
});

t.test('mail config', async (t) => {
  t.same(mailConfigFromEnv({ SMTP_URL: 'smtp://u:p@mail.test:587', MAIL_FROM: 'Shop <s@x.test>' }), {
    smtpUrl: 'smtp://u:p@mail.test:587',
    from: 'Shop <s@x.test>',
  });
  t.equal(mailConfigFromEnv({}).from, 'Sitebuilder <no-reply@localhost>');
  t.throws(() => mailConfigFromEnv({ SMTP_URL: 'http://mail.test' }), /SMTP_URL/);
});

t.test('enqueueMail keeps a subject on one line and refuses a kind that is not kebab case', async (t) => {
  const { db, websiteId } = await site(t);
  await enqueueMail(db, websiteId, { kind: 'restock', to: 'x@example.test', subject: 'a\r\nBcc: evil@x', text: 'T' });
  const [entry] = await listOutbox(db, { websiteId });
  t.equal(entry?.subject, 'a Bcc: evil@x');
  await t.rejects(enqueueMail(db, websiteId, { kind: 'Restock Mail', to: 'x@example.test', subject: 'S', text: 'T' }));
});
