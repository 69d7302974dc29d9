/**
 * The contact form and the newsletter form in headless Chromium against the
 * real server: with scripts (the form island: checks before sending, the
 * live counter, the submission text in place of the form) and without
 * (the same form posted to its page, post/redirect/get). What went through
 * is checked where the server keeps it: the submissions table and, for a
 * form with an owner address, the mail outbox.
 */
import type { Page } from 'playwright-core';
import t from 'tap';
import { listOutbox } from '../../api/mail/outbox.ts';
import { DEMO_WEBSITE_ID, formFieldId, formId } from '../../api/seed/demo-ids.ts';
import { FORM_MESSAGES } from '../../shared/form-messages.ts';
import { browserSkip, openSiteInBrowser, screenshot, watchProblems } from './browser-support.ts';
import { CAPTCHA_CHECKBOX_LABEL, startCaptchaProvider } from './captcha-provider.ts';

const CONTACT = formId('contact');
const NEWSLETTER = formId('newsletter');
const contact = (slug: string) => `[data-field-id="${formFieldId('contact', slug)}"]`;

/** A field's message, as the page shows it ('' when none). */
const errorText = async (page: Page, slug: string) => {
  const slot = page.locator(`${contact(slug)} > .field-error`);
  return (await slot.isVisible()) ? (await slot.innerText()).trim() : '';
};

t.test('the contact and newsletter forms, with and without scripts', { skip: browserSkip(t) }, async (t) => {
  const { base, browser, handle } = await openSiteInBrowser(t);
  const submissions = (form: string) =>
    handle.db.selectFrom('formSubmissions').selectAll().where('formId', '=', form).execute();

  for (const scripts of [true, false]) {
    const mode = scripts ? 'scripts' : 'no-scripts';
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: scripts });
    const page = await context.newPage();
    const problems = watchProblems(page);
    const formCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/form') || request.url().includes('/api/rest/forms'))
        formCalls.push(request.url());
    });

    await page.goto(`${base}/contact`);
    // With scripts, wait for the island's chunk: it renders its (visually hidden) live region next to the form.
    if (scripts) await page.locator('.form-island [aria-live]').waitFor({ state: 'attached' });
    const submit = page.getByRole('button', { name: 'Submit' });

    // Empty: every required field says so, with the form's notices.
    await submit.click();
    await page.locator(`${contact('email')} > .field-error`).waitFor();
    for (const slug of ['name', 'email', 'topic', 'message']) {
      t.equal(await errorText(page, slug), FORM_MESSAGES.required, `${mode}: ${slug} is required`);
    }
    t.equal(
      await page.locator(`${contact('email')} input`).getAttribute('aria-invalid'),
      'true',
      `${mode}: marked invalid`,
    );
    await t.resolveMatch(
      page.locator('[data-form-notice="above"]').innerText(),
      scripts ? FORM_MESSAGES.problemBelow : FORM_MESSAGES.formInvalid,
      `${mode}: the notice above the form`,
    );
    if (scripts) {
      await t.resolveMatch(page.locator('.form-status').innerText(), FORM_MESSAGES.formInvalid);
      await t.resolveMatch(page.locator('[data-form-notice="below"]').innerText(), FORM_MESSAGES.problemAbove);
      t.same(formCalls, [], 'scripts: nothing sent before the answers pass the rules');
      t.equal(
        await page.evaluate(() => document.activeElement?.getAttribute('autocomplete')),
        'given-name',
        'scripts: focus on the first problem (first name)',
      );
    }
    await screenshot(page, `forms-${mode}-1-empty`);

    // A bad email and a message over the limit: the counter is flagged as the visitor types.
    await page
      .locator(`${contact('name')} input`)
      .first()
      .fill('Ada');
    await page
      .locator(`${contact('name')} input`)
      .nth(1)
      .fill('Lovelace');
    await page.locator(`${contact('email')} input`).fill('ada@example');
    await page.locator(`${contact('topic')} select`).selectOption('An order');
    await page.locator(`${contact('message')} textarea`).fill('x'.repeat(1001));
    const counter = page.locator(`${contact('message')} .field-counter`);
    if (scripts) {
      t.equal(await counter.innerText(), '1001 / 1000', 'scripts: the counter counts as the visitor types');
      t.equal(await counter.getAttribute('data-over-limit'), '', 'scripts: and is flagged over the maximum');
    }
    await submit.click();
    await page.waitForFunction(
      (selector) => document.querySelector(`${selector} > .field-error`)?.textContent?.includes('Email is not valid'),
      contact('email'),
    );
    t.equal(await errorText(page, 'email'), FORM_MESSAGES.emailInvalid, `${mode}: the email's message`);
    t.equal(await errorText(page, 'message'), FORM_MESSAGES.overCharacterLimit, `${mode}: over the limit`);
    t.equal(await errorText(page, 'name'), '', `${mode}: the name is fine now`);
    t.equal(await counter.innerText(), '1001 / 1000', `${mode}: the counter`);
    t.equal(await counter.getAttribute('data-over-limit'), '', `${mode}: flagged`);
    await screenshot(page, `forms-${mode}-2-bad-email-over-limit`);

    // Valid: the submission text in place of the form, stored, and mailed to the owner.
    const before = (await submissions(CONTACT)).length;
    const mailBefore = (await listOutbox(handle.db)).length;
    await page.locator(`${contact('email')} input`).fill(`ada-${mode}@example.com`);
    await page.locator(`${contact('message')} textarea`).fill('Where is my order?');
    await submit.click();
    const done = page.locator('.form-submitted');
    await done.waitFor();
    await t.resolveMatch(
      done.innerText(),
      /Thank you! We read every message ourselves/,
      `${mode}: the submission text`,
    );
    t.equal(await done.getByRole('link', { name: 'Journal' }).count(), 1, `${mode}: and the post-submit HTML`);
    t.equal(await page.locator(`form[data-form-id="${CONTACT}"]`).count(), 0, `${mode}: the form is gone`);
    if (scripts) {
      t.equal(
        await page.evaluate(() => document.activeElement?.classList.contains('form-submitted')),
        true,
        'scripts: the success text has focus',
      );
    } else {
      // Chromium skips autofocus on a page opened at a fragment; the fragment scrolls the block into view instead.
      t.match(page.url(), /\/contact\?formAttempt=[0-9a-f]+#block-[0-9a-f]{12}$/, 'no-scripts: back at the form block');
    }
    await screenshot(page, `forms-${mode}-3-sent`);
    const stored = await submissions(CONTACT);
    t.equal(stored.length, before + 1, `${mode}: one submission stored`);
    t.match(JSON.stringify(stored.at(-1)?.data), `ada-${mode}@example.com`);
    t.match(stored.at(-1), { pagePath: '/contact' }, `${mode}: with the page it came from`);
    const outbox = await listOutbox(handle.db);
    t.equal(outbox.length, mailBefore + 1, `${mode}: one mail`);
    t.match(outbox[0], { to: 'hello@example.com' }, `${mode}: to the form's owner address`);
    t.match(outbox[0]?.text, `ada-${mode}@example.com`);

    // The newsletter form on the home page.
    const newsletterBefore = (await submissions(NEWSLETTER)).length;
    await page.goto(`${base}/`);
    const newsletter = page.locator(`form[data-form-id="${NEWSLETTER}"]`);
    if (scripts) await page.locator('.newsletter .form-island [aria-live]').waitFor({ state: 'attached' });
    const email = newsletter.locator(`[data-field-id="${formFieldId('newsletter', 'email')}"] input`);
    await email.fill('nope');
    await newsletter.getByRole('button').click();
    await t.resolveMatch(
      newsletter.locator('.field-error').filter({ hasText: 'Email' }).innerText(),
      FORM_MESSAGES.emailInvalid,
      `${mode}: newsletter: the email's message`,
    );
    t.equal(await page.locator('.newsletter [data-form-notice]:visible').count(), 0, `${mode}: no notices`);
    await email.fill(`letter-${mode}@example.com`);
    await newsletter.getByRole('button').click();
    const joined = page.locator('.newsletter .form-submitted');
    await joined.waitFor();
    await t.resolveMatch(joined.innerText(), "You're on the list.", `${mode}: newsletter: the submission text`);
    await screenshot(page, `forms-${mode}-4-newsletter`);
    t.equal((await submissions(NEWSLETTER)).length, newsletterBefore + 1, `${mode}: newsletter: stored`);

    if (scripts)
      t.ok(
        formCalls.some((url) => url.endsWith('/api/form/SaveFormSubmission')),
        'scripts: the island saved',
      );
    else t.same(formCalls, [], 'no-scripts: the form posted to its page, not the API');
    // The redirect after a form post can interrupt the favicon's request; that is navigation, not a broken page.
    const broken = problems.filter((problem) => !/favicon\.svg net::ERR_ABORTED$/.test(problem));
    t.same(broken, [], `${mode}: no console errors or failed requests`);
    await context.close();
  }
});

t.test("the contact form with the site's captcha", { skip: browserSkip(t) }, async (t) => {
  const provider = await startCaptchaProvider(t);
  const { base, browser, handle } = await openSiteInBrowser(t, { server: { captcha: provider.config } });
  await handle.db
    .updateTable('websiteSettings')
    .set({ captchaSiteKey: 'loopback-site-key' })
    .where('websiteId', '=', DEMO_WEBSITE_ID)
    .execute();
  await handle.db.updateTable('forms').set({ captchaEnabled: true }).where('id', '=', CONTACT).execute();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${base}/contact`);
  const checkbox = page.getByRole('checkbox', { name: CAPTCHA_CHECKBOX_LABEL });
  await checkbox.waitFor();

  const inputs = page.locator(`${contact('name')} input`);
  await inputs.nth(0).fill('Grace');
  await inputs.nth(1).fill('Hopper');
  await page.locator(`${contact('email')} input`).fill('grace@example.com');
  await page.locator(`${contact('topic')} select`).selectOption('An order');
  await page.locator(`${contact('message')} textarea`).fill('Is the bowl coming back?');
  const submit = page.getByRole('button', { name: 'Submit' });
  await submit.click();
  await t.resolveMatch(page.locator('.form-status').innerText(), FORM_MESSAGES.captchaMissing);
  t.same(provider.verified, [], 'nothing sent without a token');

  await checkbox.check();
  await submit.click();
  await page.locator('.form-submitted').waitFor();
  t.match(provider.verified, [{ success: true }], 'the server checked the token with the provider');
  const stored = await handle.db.selectFrom('formSubmissions').selectAll().where('formId', '=', CONTACT).execute();
  t.match(JSON.stringify(stored.at(-1)?.data), 'grace@example.com', 'the submission is stored');
  await screenshot(page, 'forms-captcha-sent');
  t.same(problems, [], 'no console errors or failed requests');
  await context.close();
});
