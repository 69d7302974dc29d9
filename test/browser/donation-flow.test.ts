/**
 * A visitor gives an amount of their own in headless Chromium against the
 * real server (issue 24): the About page's donation block, "Another
 * amount", the donate page (203) with that choice carried over, an amount
 * below the minimum refused with its message and the typed details kept,
 * then the test card, and the contribution-confirmed page (204) stating
 * the amount. Both pages pass axe, and the receipt is queued. Then the
 * owner adds a donation block in the page editor, a visitor gives a preset
 * through it, and the Donations panel shows the gift and the total.
 */
import t from 'tap';
import { json } from '../../api/db/json.ts';
import { listOutbox } from '../../api/mail/index.ts';
import { collectionId, DEMO_WEBSITE_ID } from '../../api/seed/demo-ids.ts';
import { DEMO_OWNERS } from '../../api/seed/demo-owners.ts';
import { DONATION_AMOUNT_MESSAGES } from '../../domain/donations/donation-amount.ts';
import { axeViolations } from './axe-check.ts';
import { browserSkip, fillTestCard, openSiteInBrowser, screenshot, watchProblems } from './browser-support.ts';

t.test('a visitor donates an amount of their own', { skip: browserSkip(t) }, async (t) => {
  const { base, browser, handle } = await openSiteInBrowser(t);
  const db = handle.db;
  const about = await db
    .selectFrom('collections')
    .select('blocks')
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('id', '=', collectionId('about'))
    .executeTakeFirstOrThrow();
  const block = {
    type: 57,
    key: 'foodbank',
    title: 'Coffee for the food bank',
    description: 'Every $10 buys a kilo of coffee for the Portland food bank.',
    presetAmounts: ['1000', '2500', '5000'],
    allowCustom: true,
    minimum: '500',
    maximum: '100000',
  };
  await db
    .updateTable('collections')
    .set({ blocks: json([...about.blocks, block]) })
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .where('id', '=', collectionId('about'))
    .execute();

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${base}/about`);
  const donation = page.getByRole('form', { name: 'Coffee for the food bank' });
  await donation.getByRole('radio', { name: 'Another amount' }).check();
  await donation.getByRole('button', { name: 'Donate' }).click();
  await page.waitForURL(/\/donate\/about\?cause=foodbank&amount=custom$/);
  t.equal(await page.getByRole('radio', { name: 'Another amount' }).isChecked(), true, 'the choice came along');
  t.same(await axeViolations(page), [], 'the donate page passes axe');

  // The island: a preset, then typing one's own amount ticks Another amount again.
  await page.getByRole('radio', { name: '$10.00' }).check();
  await page.getByLabel('Your amount (USD)').fill('4');
  t.equal(await page.getByRole('radio', { name: 'Another amount' }).isChecked(), true, 'typing chose Another amount');
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Note (optional)').fill('For the winter.');
  await fillTestCard(page);
  await page.getByRole('button', { name: 'Give with a test card' }).click();
  await page.waitForURL(/attempt=/);
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await t.resolveMatch(summary.innerText(), DONATION_AMOUNT_MESSAGES.belowMinimum('$5.00'));
  t.equal(await page.getByLabel('Name').inputValue(), 'Ada Lovelace', 'the name is kept');
  t.equal(await page.getByLabel('Your amount (USD)').inputValue(), '4', 'the amount is kept to correct');
  await summary.getByRole('link').click();
  await screenshot(page, 'donation-1-below-minimum');

  await page.getByLabel('Your amount (USD)').fill('42.50');
  await fillTestCard(page);
  await page.getByRole('button', { name: 'Give with a test card' }).click();
  await page.waitForURL(/\/checkout\/contribution-confirmed\?donation=/);
  await t.resolveMatch(page.getByRole('heading', { level: 1 }).innerText(), 'Thank you for your donation');
  await t.resolveMatch(
    page.locator('.contribution-confirmed__amount').innerText(),
    'You gave $42.50 to Coffee for the food bank.',
  );
  t.same(await axeViolations(page), [], 'the thanks page passes axe');
  await screenshot(page, 'donation-2-confirmed');

  const receipts = (await listOutbox(db, { websiteId: DEMO_WEBSITE_ID })).filter((m) => m.kind === 'donation-receipt');
  t.match(receipts, [{ to: 'ada@example.com', subject: 'Your donation to Fernwood Coffee & Home: $42.50' }]);
  t.same(problems, [], 'no console errors or failed requests');
});

t.test(
  'the owner adds a donation block in the page editor and sees the gift in the Donations panel',
  { skip: browserSkip(t) },
  async (t) => {
    const { base, browser } = await openSiteInBrowser(t);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchProblems(page, {
      // The app asks who is signed in before the sign-in.
      allowStatus: (url, status) => status === 401 && url.endsWith('/api/owner/session'),
    });
    await page.goto(`${base}/config`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Sign in' }).waitFor();
    await main.getByLabel('Email').fill(DEMO_OWNERS.admin.email);
    await main.getByLabel('Password').fill(DEMO_OWNERS.admin.password);
    await main.getByRole('button', { name: 'Sign in' }).click();
    const nav = page.getByRole('navigation', { name: 'Administration' });
    await nav.waitFor();

    await nav.getByRole('link', { name: 'Pages' }).click();
    await main.getByRole('link', { name: 'About Fernwood', exact: true }).click();
    await main.getByLabel('New block').selectOption({ label: 'Donation' });
    await main.getByRole('button', { name: 'Add block' }).click();
    await main.getByLabel('Cause').fill('Coffee for the food bank');
    t.equal(
      await main.getByLabel('Amounts offered (USD)').inputValue(),
      '10.00, 25.00, 50.00',
      'offered as the store writes money',
    );
    await main.getByLabel('Amounts offered (USD)').fill('10, 25, 75');
    await main.getByLabel('Minimum (USD)').fill('5');
    await main.getByRole('button', { name: 'Add to page' }).click();
    await main.getByRole('status').getByText('Block added.').waitFor();
    await screenshot(page, 'donation-3-page-editor');

    const visitor = await context.newPage();
    await visitor.goto(`${base}/about`);
    const block = visitor.getByRole('form', { name: 'Coffee for the food bank' });
    await block.getByRole('radio', { name: '$75.00' }).check();
    await block.getByRole('button', { name: 'Donate' }).click();
    await visitor.waitForURL(/\/donate\/about\?cause=[0-9a-f]+&amount=7500$/);
    t.equal(await visitor.getByRole('radio', { name: '$75.00' }).isChecked(), true);
    await visitor.getByLabel('Name').fill('Grace Hopper');
    await visitor.getByLabel('Email').fill('grace@example.com');
    await fillTestCard(visitor);
    await visitor.getByRole('button', { name: 'Give with a test card' }).click();
    await visitor.waitForURL(/\/checkout\/contribution-confirmed\?donation=/);
    await t.resolveMatch(visitor.locator('.contribution-confirmed__amount').innerText(), 'You gave $75.00');

    await nav.getByRole('link', { name: 'Donations' }).click();
    await main.getByRole('heading', { name: 'Donations' }).waitFor();
    const row = main.getByRole('row', { name: /Grace Hopper/ });
    await t.resolveMatch(row.innerText(), /Coffee for the food bank[\s\S]*\$75\.00 \(test\)/);
    await t.resolveMatch(main.getByRole('definition').first().innerText(), '$75.00');
    await screenshot(page, 'donation-4-donations-panel');
    // The browser logs the session check's 401 before the sign-in, which the status filter above allows.
    const unexpected = problems.filter((problem) => !problem.includes('status of 401 (Unauthorized)'));
    t.same(unexpected, [], 'no other console errors or failed requests');
  },
);
