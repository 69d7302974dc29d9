/**
 * The owner's forms, restock and product feed panels in headless Chromium
 * against the real server:
 * - a visitor sends the contact form; the administrator finds the
 *   submission in Form submissions, opens it, and exports the CSV (a real
 *   download, read back);
 * - in the form builder she moves a field with Alt+Arrow keys (the focus
 *   stays on it), changes a field's label, saves, and the site shows it;
 * - the Restock panel sends a variant's notices and the email reaches a
 *   real SMTP server on loopback;
 * - the Product feed panel copies the feed's address, which serves valid
 *   XML with every published variant.
 */

import { readFile } from 'node:fs/promises';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Page } from 'playwright-core';
import t from 'tap';
import { sendPendingMail, smtpTransport } from '../../api/mail/index.ts';
import { signUp } from '../../api/repositories/restock-repository.ts';
import { DEMO_WEBSITE_ID, formFieldId, formId } from '../../api/seed/demo-ids.ts';
import { DEMO_OWNERS } from '../../api/seed/demo-owners.ts';
import { startSmtpServer } from '../api/helpers/smtp-server.ts';
import { productId } from '../api-http/api-helpers.ts';
import { readCsv } from '../shared/csv-reader.ts';
import { wcagViolations } from './axe-check.ts';
import { browserSkip, openSiteInBrowser, screenshot, watchProblems } from './browser-support.ts';

const CONTACT = formId('contact');
const contact = (slug: string) => `[data-field-id="${formFieldId('contact', slug)}"]`;
const BOWL = productId('speckled-serving-bowl');

async function signIn(page: Page, base: string) {
  await page.goto(`${base}/config`);
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(DEMO_OWNERS.admin.email);
  await main.getByLabel('Password').fill(DEMO_OWNERS.admin.password);
  await main.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Administration' }).waitFor();
}

const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));

t.test(
  'submissions, the CSV export, the form builder, restock notices and the product feed',
  { skip: browserSkip(t) },
  async (t) => {
    const smtp = await startSmtpServer(t);
    const { base, browser, handle } = await openSiteInBrowser(t);

    // A visitor sends the contact form.
    const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    t.teardown(() => visitorContext.close());
    const site = await visitorContext.newPage();
    const siteProblems = watchProblems(site);
    await site.goto(`${base}/contact`);
    await site.locator('.form-island [aria-live]').waitFor({ state: 'attached' });
    await site
      .locator(`${contact('name')} input`)
      .first()
      .fill('Ada');
    await site
      .locator(`${contact('name')} input`)
      .nth(1)
      .fill('Lovelace');
    await site.locator(`${contact('email')} input`).fill('ada@example.com');
    await site.locator(`${contact('topic')} select`).selectOption('Wholesale coffee');
    await site.locator(`${contact('message')} textarea`).fill('Do you roast, for a café, "by the kilo"?\nThanks, Ada');
    await site.getByRole('button', { name: 'Submit' }).click();
    await site.locator('.form-submitted').waitFor();

    // The administrator finds it in Form submissions.
    const adminContext = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
      acceptDownloads: true,
    });
    t.teardown(() => adminContext.close());
    const owner = await adminContext.newPage();
    const ownerProblems = watchProblems(owner, {
      // The app asks who is signed in before the sign-in.
      allowStatus: (url, status) => status === 401 && url.endsWith('/api/owner/session'),
    });
    await signIn(owner, base);
    const nav = owner.getByRole('navigation', { name: 'Administration' });
    const main = owner.getByRole('main');
    await nav.getByRole('link', { name: 'Form submissions' }).click();
    await main.getByRole('heading', { name: 'Form submissions', level: 1 }).waitFor();
    await main.getByLabel('Form', { exact: true }).selectOption(CONTACT);
    const table = main.getByRole('table', { name: 'Submissions of Contact Us' });
    await table.waitFor();
    t.match(await table.innerText(), /Ada Lovelace · ada@example\.com · Wholesale coffee/, 'the submission is listed');
    t.match(await table.innerText(), '/contact');
    await table.getByRole('button', { name: /^View the submission of/ }).click();
    const detail = main.getByRole('region', { name: /^Submission of/ });
    await detail.waitFor();
    t.match(await detail.innerText(), /Message\s+Do you roast, for a café, "by the kilo"\?\s+Thanks, Ada/);
    t.equal(
      await owner.evaluate(() => document.activeElement?.id),
      'submission-detail-heading',
      'the focus goes to the submission',
    );
    t.same(await wcagViolations(owner), [], 'the submissions panel passes axe');
    await screenshot(owner, 'owner-form-submissions');

    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      main.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    t.equal(download.suggestedFilename(), 'contact-us-submissions.csv');
    const csv = readCsv((await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, ''));
    const header = csv[0]!;
    t.equal(csv.length, 2, 'the header and the one submission');
    t.equal(csv[1]![header.indexOf('Message')], 'Do you roast, for a café, "by the kilo"?\nThanks, Ada');
    t.equal(csv[1]![header.indexOf('Name')], 'Ada Lovelace');

    // The form builder: move a field by keyboard, then change a label and save.
    await nav.getByRole('link', { name: 'Forms', exact: true }).click();
    await main.getByRole('heading', { name: 'Forms', level: 1 }).waitFor();
    await main.getByLabel('Form', { exact: true }).selectOption(CONTACT);
    const fields = main.getByRole('list', { name: 'Fields' });
    await fields.waitFor();
    await main.getByRole('button', { name: 'Edit Email Address' }).focus();
    await owner.keyboard.press('Alt+ArrowUp');
    t.match(await fields.locator('li').first().innerText(), 'Email Address', 'moved to the top');
    t.equal(await focusedLabel(owner), 'Move Email Address down', 'the focus stays with the moved field');
    await owner.keyboard.press('Alt+ArrowDown');
    t.match(await fields.locator('li').first().innerText(), 'Name', 'and back');
    t.equal(await focusedLabel(owner), 'Move Email Address down');

    await main.getByRole('button', { name: 'Edit Message' }).click();
    const editor = main.getByRole('group', { name: 'Message (Text area)' });
    await editor.waitFor();
    // The legend follows the label as it is typed: the field is found by its name from here on.
    const label = main.locator('[name="fields.7.title"]');
    t.equal(await editor.getByLabel('Label').getAttribute('name'), 'fields.7.title');
    await label.fill('');
    await main.getByRole('button', { name: 'Save form' }).click();
    await main.getByText('Please give the field a title.').waitFor();
    t.equal(await owner.evaluate(() => document.activeElement?.getAttribute('name')), 'fields.7.title', 'focus on it');
    await label.fill('Your message to us');
    t.same(await wcagViolations(owner), [], 'the form builder passes axe');
    await screenshot(owner, 'owner-form-builder');
    await main.getByRole('button', { name: 'Save form' }).click();
    await main.getByText('Contact Us saved. The site shows it now.').waitFor();
    await site.goto(`${base}/contact`);
    t.match(await site.locator(contact('message')).innerText(), 'Your message to us', 'the site shows the new label');

    // The other fieldset steps are tabs the arrow keys move between.
    await main.getByRole('tab', { name: '1. Build' }).focus();
    await owner.keyboard.press('ArrowRight');
    t.equal(await main.getByRole('tab', { name: '2. Storage' }).getAttribute('aria-selected'), 'true');
    t.equal(await main.getByLabel('Email each submission to').inputValue(), 'hello@example.com');

    // Restock: a shopper waits for the white bowl; the owner sends the notice.
    const variant = await handle.db
      .selectFrom('productVariants')
      .select('id')
      .where('websiteId', '=', DEMO_WEBSITE_ID)
      .where('sku', '=', 'FW-BOWL-WHITE')
      .executeTakeFirstOrThrow();
    await signUp(handle.db, DEMO_WEBSITE_ID, { productId: BOWL, variantId: variant.id, email: 'grace@example.com' });
    await nav.getByRole('link', { name: 'Restock notifications' }).click();
    const figures = main.getByRole('definition');
    await main.getByRole('heading', { name: 'Restock notifications', level: 1 }).waitFor();
    const name = 'Speckled Serving Bowl (Glaze: Speckled White)';
    await main.getByRole('rowheader', { name }).waitFor();
    t.same(await figures.allInnerTexts(), ['1', '0'], 'one waiting, none sent');
    await main.getByRole('button', { name: `Sign-ups for ${name}` }).click();
    await main.getByText('grace@example.com: signed up').waitFor();
    t.same(await wcagViolations(owner), [], 'the restock panel passes axe');
    await screenshot(owner, 'owner-restock');
    await main.getByRole('button', { name: `Send notices for ${name}` }).click();
    await main.getByText(`1 notice sent for ${name}.`).waitFor();
    await owner.waitForFunction(() => document.querySelectorAll('dd')[1]?.textContent === '1');
    t.same(await figures.allInnerTexts(), ['0', '1'], 'none waiting, one sent');
    const transport = smtpTransport(smtp.url);
    t.teardown(() => transport.close());
    const delivered = await sendPendingMail(handle.db, transport, { from: 'Fernwood <shop@fernwood.test>' });
    t.ok(delivered.sent >= 1, 'the outbox delivered');
    const notice = smtp.received.find((mail) => mail.to.includes('grace@example.com'));
    t.ok(notice, 'the notice reached the SMTP server');
    t.match(notice?.raw ?? '', /Subject: Back in stock: Speckled Serving Bowl/);

    // The product feed's address is copied and serves the feed.
    await nav.getByRole('link', { name: 'Product feed' }).click();
    await main.getByRole('heading', { name: 'Product feed', level: 1 }).waitFor();
    await main.getByRole('button', { name: 'Copy the XML feed' }).click();
    await main.getByText('The XML feed address is copied.').waitFor();
    const copied = await owner.evaluate(() => navigator.clipboard.readText());
    t.equal(copied, `${base}/product-feed.xml`);
    await main.getByLabel('Pixel id').fill('1234567890123456');
    await main.getByRole('button', { name: 'Save pixel id' }).click();
    await main.getByText('Pixel id saved.').waitFor();
    t.same(await wcagViolations(owner), [], 'the product feed panel passes axe');
    await screenshot(owner, 'owner-product-feed');
    const feed = await fetch(copied).then((response) => response.text());
    t.equal(XMLValidator.validate(feed), true, 'the copied address serves valid XML');
    const items = new XMLParser({ isArray: (tag) => tag === 'item', parseTagValue: false }).parse(feed).rss.channel
      .item;
    const published = await handle.db
      .selectFrom('productVariants')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('websiteId', '=', DEMO_WEBSITE_ID)
      .executeTakeFirstOrThrow();
    t.equal(items.length, Number(published.n), 'every variant of the demo store (all published)');

    t.same(siteProblems, [], 'the visitor met no errors');
    t.same(
      ownerProblems.filter((problem) => !problem.includes('status of 401 (Unauthorized)')),
      [],
      'the owner met no errors',
    );
  },
);
