/**
 * The site-wide popup (page type 104) in headless Chromium against the real
 * server: it appears on the home page after its delay as a modal dialog,
 * Escape closes it, it stays closed on reload (local storage date-closed),
 * and a sign-up through its newsletter form is stored as a newsletter
 * submission and recorded as a subscribe event, after which it stays away
 * (submitted). The demo's delay is shortened to one second.
 */
import t from 'tap';
import { json } from '../../api/db/json.ts';
import { DEMO_WEBSITE_ID, formFieldId, formId } from '../../api/seed/demo-ids.ts';
import { DEMO_SITE } from '../../api/seed/demo-site.ts';
import { NEWSLETTER_SUBSCRIBE_EVENT } from '../../api/services/form-service.ts';
import { browserSkip, openSiteInBrowser, screenshot, watchProblems } from './browser-support.ts';

const NEWSLETTER = formId('newsletter');
const HEADLINE = DEMO_SITE.website.settings.popupOverlay.headline ?? '';

t.test(
  'the popup appears, closes with Escape, stays closed, and signs a visitor up',
  { skip: browserSkip(t) },
  async (t) => {
    const { base, browser, handle } = await openSiteInBrowser(t);
    await handle.db
      .updateTable('websiteSettings')
      .set({ popupOverlay: json({ ...DEMO_SITE.website.settings.popupOverlay, delaySeconds: 1 }) })
      .where('websiteId', '=', DEMO_WEBSITE_ID)
      .execute();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    const dialog = page.getByRole('dialog', { name: HEADLINE });
    const storage = () =>
      page.evaluate(() => ({
        dateClosed: localStorage.getItem('date-closed'),
        version: localStorage.getItem('version'),
        submitted: localStorage.getItem('submitted'),
      }));

    await page.goto(`${base}/`);
    t.equal(await dialog.isVisible(), false, 'not at first');
    await dialog.waitFor({ state: 'visible' });
    t.equal(await dialog.getAttribute('aria-modal'), 'true');
    t.ok(await dialog.evaluate((panel) => panel.contains(document.activeElement)), 'focus is in the dialog');
    await screenshot(page, 'popup-1-shown');

    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    t.ok(await dialog.evaluate((panel) => panel.contains(document.activeElement)), 'Tab keeps focus inside');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    t.match(await storage(), { version: '1', submitted: null }, 'the version seen is kept');
    t.ok(Number((await storage()).dateClosed) > 0, 'date-closed is kept');

    await page.reload();
    await page.waitForTimeout(2000);
    t.equal(await dialog.isVisible(), false, 'closed: stays closed on reload, after its delay');

    // A visitor who never closed it: shown again, and signs up through it.
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await dialog.waitFor({ state: 'visible' });
    const before = await handle.db.selectFrom('formSubmissions').selectAll().where('formId', '=', NEWSLETTER).execute();
    const email = dialog.locator(`[data-field-id="${formFieldId('newsletter', 'email')}"] input`);
    await email.fill('popup@example.com');
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await dialog.getByText("You're on the list.").waitFor();
    await screenshot(page, 'popup-2-signed-up');
    t.equal((await storage()).submitted, 'true', 'submitted is kept');

    const after = await handle.db.selectFrom('formSubmissions').selectAll().where('formId', '=', NEWSLETTER).execute();
    t.equal(after.length, before.length + 1, 'one newsletter submission stored');
    t.match(JSON.stringify(after.at(-1)?.data), 'popup@example.com');
    t.match(after.at(-1), { pagePath: '/' }, 'with the page it came from');
    const events = await handle.db
      .selectFrom('analyticsEvents')
      .selectAll()
      .where('websiteId', '=', DEMO_WEBSITE_ID)
      .where('eventName', '=', NEWSLETTER_SUBSCRIBE_EVENT)
      .execute();
    t.equal(events.length, 1, 'the subscribe event is recorded');

    await page.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.evaluate(() => localStorage.removeItem('date-closed'));
    await page.reload();
    await page.waitForTimeout(2000);
    t.equal(await dialog.isVisible(), false, 'signed up: not shown again');

    t.same(problems, [], 'no console errors or failed requests');
    await context.close();
  },
);
