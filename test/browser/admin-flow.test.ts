/**
 * The admin app in headless Chromium against the real server: the demo
 * administrator signs in at /config, edits the header code and sees it on
 * the site, creates an API key through the creation modal (next, copy,
 * complete; cancel makes none) and deletes it through the confirm modal,
 * follows the learn more and terms of use links; adds French in the
 * Multilingual panel, translates the About page's titles and finds the page
 * served in French (lang, menu, links, hreflang, the switcher back to
 * English); the demo viewer sees
 * the same panel read-only and a write is refused. Focus moves to each
 * panel's heading; axe finds no WCAG A/AA violation on the panels.
 */
import type { Page } from 'playwright-core';
import t from 'tap';
import { DEMO_OWNERS } from '../../api/seed/demo-owners.ts';
import { wcagViolations } from './axe-check.ts';
import { browserSkip, openSiteInBrowser, screenshot, watchProblems } from './browser-support.ts';

const HEADER_CODE = '<meta name="admin-flow" content="set in the admin app">';

/** A call with the key from outside the browser, as a program using it would. */
async function headerCodeWith(base: string, key: string): Promise<number> {
  const response = await fetch(`${base}/api/site-header-footer`, { headers: { authorization: `Bearer ${key}` } });
  await response.arrayBuffer();
  return response.status;
}

const focusedHeading = (page: Page) =>
  page.evaluate(() => (document.activeElement?.tagName === 'H1' ? document.activeElement.textContent : null));

async function signIn(page: Page, base: string, owner: { email: string; password: string }) {
  await page.goto(`${base}/config`);
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: 'Sign in' }).waitFor();
  await main.getByLabel('Email').fill(owner.email);
  await main.getByLabel('Password').fill(owner.password);
  await main.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Administration' }).waitFor();
}

t.test(
  'an administrator edits the header code and manages API keys; a viewer cannot edit',
  { skip: browserSkip(t) },
  async (t) => {
    const { base, browser } = await openSiteInBrowser(t);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    t.teardown(() => context.close());
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const page = await context.newPage();
    const problems = watchProblems(page, {
      // The app asks who is signed in before the sign-in (401), and a bad sign-in is part of the flow, as is a
      // language the server refuses (400).
      allowStatus: (url, status) =>
        (status === 401 && url.endsWith('/api/owner/session')) ||
        (status === 400 && url.endsWith('/api/multilingual/languages')),
    });

    // A wrong password says so in the form, then the right one signs in.
    await page.goto(`${base}/config`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Sign in' }).waitFor();
    t.equal(await page.locator('link[rel="stylesheet"][href^="/config/assets/"]').count(), 1, 'the admin stylesheet');
    t.same(await wcagViolations(page), [], 'the sign-in panel passes axe');
    await main.getByRole('button', { name: 'Sign in' }).click();
    await main.getByText('Please enter a valid email').waitFor();
    t.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('name')),
      'email',
      'focus on the first problem',
    );
    await main.getByLabel('Email').fill(DEMO_OWNERS.admin.email);
    await main.getByLabel('Password').fill('not the password');
    await main.getByRole('button', { name: 'Sign in' }).click();
    await main.getByRole('alert').getByText('The email or password is incorrect.').waitFor();
    await screenshot(page, 'admin-1-sign-in-refused');
    await main.getByLabel('Password').fill(DEMO_OWNERS.admin.password);
    await main.getByRole('button', { name: 'Sign in' }).click();
    const nav = page.getByRole('navigation', { name: 'Administration' });
    await nav.waitFor();
    t.match(await page.getByRole('banner').innerText(), 'Nora Whitfield (Administrator)');

    // Header code: edited in the panel, then on the site's page.
    await nav.getByRole('link', { name: 'Code injection' }).click();
    await main.getByRole('heading', { name: 'Code injection' }).waitFor();
    t.equal(await focusedHeading(page), 'Code injection', 'the panel heading has the focus after navigating');
    t.equal(new URL(page.url()).pathname, '/config/code-injection');
    await main.getByLabel('Header').fill(HEADER_CODE);
    await main.getByRole('button', { name: 'Save code injection' }).click();
    await main.getByRole('status').getByText('Code injection saved.').waitFor();
    t.same(await wcagViolations(page), [], 'the code injection panel passes axe');
    await screenshot(page, 'admin-2-code-injection-saved');
    const site = await context.newPage();
    await site.goto(`${base}/`);
    t.equal(
      await site.locator('meta[name="admin-flow"]').getAttribute('content'),
      'set in the admin app',
      'on the site',
    );
    await site.close();

    // Back and Forward follow the app's own history.
    await nav.getByRole('link', { name: 'Site settings' }).click();
    await main.getByRole('heading', { name: 'Site settings' }).waitFor();
    await page.goBack();
    await main.getByRole('heading', { name: 'Code injection' }).waitFor();
    t.equal(await main.getByLabel('Header').inputValue(), HEADER_CODE, 'the saved code is read back');

    // An API key: the creation modal's steps, by keyboard where it counts.
    await nav.getByRole('link', { name: 'API keys' }).click();
    await main.getByRole('heading', { name: 'API keys' }).waitFor();
    await main.getByRole('link', { name: 'Learn more about API keys' }).click();
    await main.getByRole('heading', { name: 'About API keys' }).waitFor();
    t.match(await main.innerText(), '/api/openapi.json', 'the commerce API and its document are named');
    await main.getByRole('link', { name: 'Back to API keys' }).click();
    await main.getByRole('link', { name: 'API terms of use' }).click();
    await main.getByRole('heading', { name: 'API terms of use' }).waitFor();
    await main.getByRole('link', { name: 'Back to API keys' }).click();
    await main.getByRole('heading', { name: 'API keys' }).waitFor();
    // Cancel: the modal closes and no key is made.
    await main.getByRole('button', { name: 'Create API key' }).click();
    const modal = page.getByRole('dialog', { name: 'Create API key' });
    await modal.waitFor();
    await modal.getByLabel('Key name').fill('Never made');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await modal.waitFor({ state: 'detached' });
    t.equal(await main.getByRole('row', { name: /Never made/ }).count(), 0, 'cancel makes no key');
    await main.getByRole('button', { name: 'Create API key' }).click();
    await modal.waitFor();
    t.equal(await modal.getByLabel('Key name').inputValue(), '', 'the modal starts afresh');
    await modal.getByRole('button', { name: 'Next' }).click();
    await modal.getByText('Please name the key.').waitFor();
    t.match(await modal.innerText(), 'Please choose at least one permission.');
    await modal.getByLabel('Key name').fill('Browser test key');
    await modal.getByLabel('Read header and footer code').check();
    await modal.getByRole('button', { name: 'Next' }).click();
    const keyField = modal.getByLabel('Your new API key');
    await keyField.waitFor();
    const key = await keyField.inputValue();
    t.match(key, /^sbk_[A-Za-z0-9_-]{43}$/, 'the key is shown once');
    t.equal(await page.evaluate(() => document.activeElement?.textContent), 'Copy key', 'focus moves on to Copy');
    t.same(await wcagViolations(page), [], 'the creation modal passes axe');
    await screenshot(page, 'admin-3-api-key-created');
    await page.keyboard.press('Escape');
    t.ok(await modal.isVisible(), 'Escape does not lose the key: only Complete closes');
    await modal.getByRole('button', { name: 'Copy key' }).click();
    await modal.getByText('Copied to the clipboard.').waitFor();
    t.equal(await page.evaluate(() => navigator.clipboard.readText()), key, 'the key is on the clipboard');
    await modal.getByRole('button', { name: 'Complete' }).click();
    await modal.waitFor({ state: 'detached' });
    const row = main.getByRole('row', { name: /Browser test key/ });
    await row.waitFor();
    t.match(await row.innerText(), key.slice(0, 10));
    t.notMatch(await main.innerText(), key, 'the list never shows the key');
    const usable = await headerCodeWith(base, key);
    t.equal(usable, 200, 'the key works');

    // Delete it through the confirm modal: cancel first, then confirm.
    await row.getByRole('button', { name: /Delete/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete API key' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    t.ok(await row.isVisible(), 'cancel keeps the key');
    await row.getByRole('button', { name: /Delete/ }).click();
    await confirm.getByRole('button', { name: 'Delete key' }).click();
    await main.getByRole('status').getByText('was deleted').waitFor();
    await row.waitFor({ state: 'detached' });
    const refused = await headerCodeWith(base, key);
    t.equal(refused, 401, 'the deleted key is refused');
    await screenshot(page, 'admin-4-api-key-deleted');

    // Multilingual: French added, the About page's titles translated, and the page served in French.
    await nav.getByRole('link', { name: 'Multilingual' }).click();
    await main.getByRole('heading', { name: 'Multilingual' }).waitFor();
    await main.getByText('No translation languages yet.').waitFor();
    await main.getByLabel('Language to add').selectOption('fr');
    await main.getByRole('button', { name: 'Add language' }).click();
    await main.getByRole('status').getByText('French was added.').waitFor();
    t.match(await main.getByRole('table', { name: 'Translation languages' }).innerText(), 'French (français)');
    // A code of one's own that a page's address has: refused at the field, which takes the focus.
    await main.getByLabel('Language to add').selectOption('other');
    await main.getByLabel('Language code').fill('journal');
    await main.getByLabel('Language name').fill('Journalese');
    await main.getByRole('button', { name: 'Add language' }).click();
    await main
      .getByText("A page already uses the address /journal; change that page's URL or choose another code.")
      .waitFor();
    t.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'code', 'focus on the code');
    t.equal(await main.getByLabel('Language code').getAttribute('aria-invalid'), 'true');
    const aboutPage = main.getByRole('group', { name: 'Page: About Fernwood (/about)' });
    await aboutPage.getByLabel('Title', { exact: true }).fill('À propos de Fernwood');
    await aboutPage.getByLabel('Navigation title').fill('À propos');
    t.equal(
      await aboutPage.getByLabel('Title', { exact: true }).getAttribute('lang'),
      'fr',
      'the field says its language',
    );
    await main.getByRole('button', { name: 'Save translations' }).click();
    await main.getByRole('status').getByText('Translations saved.').waitFor();
    t.match(await main.getByRole('table', { name: 'Translation languages' }).innerText(), /1 of \d+ pages/);
    t.same(await wcagViolations(page), [], 'the multilingual panel passes axe');
    await screenshot(page, 'admin-5-multilingual');
    const french = await context.newPage();
    await french.goto(`${base}/fr/about`);
    t.equal(await french.locator('html').getAttribute('lang'), 'fr');
    t.equal(await french.title(), 'À propos de Fernwood · Fernwood Coffee & Home');
    const menu = french.locator('.site-nav--bar');
    t.equal(await menu.getByRole('link', { name: 'À propos' }).getAttribute('href'), '/fr/about', 'the menu in French');
    t.equal(await menu.getByRole('link', { name: 'Shop' }).getAttribute('href'), '/fr/shop', 'links stay in French');
    t.equal(
      await french.locator('link[rel="alternate"][hreflang="en-US"]').getAttribute('href'),
      `${base}/about`,
      'the English version is named to search engines',
    );
    const switcher = french.getByRole('navigation', { name: 'Language' });
    // The switcher is a disclosure: opened from the keyboard.
    await switcher.locator('summary').focus();
    await french.keyboard.press('Enter');
    await switcher.getByRole('link', { name: 'American English' }).waitFor();
    t.equal(await switcher.getByRole('link', { name: 'français' }).getAttribute('aria-current'), 'true');
    t.same(await wcagViolations(french), [], 'the French page passes axe, the switcher open');
    await screenshot(french, 'site-fr-about');
    await switcher.getByRole('link', { name: 'American English' }).click();
    await french.waitForURL(`${base}/about`);
    t.equal(await french.locator('html').getAttribute('lang'), 'en-US', 'the switcher leads to the English page');
    t.equal(await french.title(), 'About Fernwood · Fernwood Coffee & Home');
    await french.close();

    // The billing path leads to the plan page.
    await page.goto(`${base}/settings/billing/upgrade`);
    await main.getByRole('heading', { name: 'Plans' }).waitFor();
    await main.getByText('Current plan').waitFor();
    t.match(await main.innerText(), 'Your trial includes everything.');
    await screenshot(page, 'admin-6-plans');

    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await main.getByRole('heading', { name: 'Sign in' }).waitFor();
    // Chromium logs every 400 and 401 answer on the console too; which ones may be either is checked per response above.
    const unexpected = problems.filter(
      (problem) => !/status of (401 \(Unauthorized\)|400 \(Bad Request\))/.test(problem),
    );
    t.same(unexpected, [], 'no console errors or failed requests');

    // The viewer: the same panel, read-only, and a write refused by the server.
    const viewerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    t.teardown(() => viewerContext.close());
    const viewer = await viewerContext.newPage();
    await signIn(viewer, base, DEMO_OWNERS.viewer);
    const viewerNav = viewer.getByRole('navigation', { name: 'Administration' });
    t.equal(await viewerNav.getByRole('link', { name: 'API keys' }).count(), 0, 'no API keys panel for a viewer');
    await viewerNav.getByRole('link', { name: 'Code injection' }).click();
    const viewerMain = viewer.getByRole('main');
    await viewerMain.getByText('Your role can view these settings but not change them.').waitFor();
    t.ok(await viewerMain.getByLabel('Header').isDisabled(), 'the field cannot be edited');
    t.equal(await viewerMain.getByRole('button', { name: 'Save code injection' }).count(), 0, 'no save button');
    const forced = await viewer.evaluate(async () => {
      const crumb =
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('crumb='))
          ?.slice(6) ?? '';
      const session = await (await fetch('/api/owner/session')).json();
      const response = await fetch('/api/site-header-footer', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-csrf-token': crumb, 'x-owner-xsrf-token': session.xsrfToken },
        body: JSON.stringify({ header: '', footer: '' }),
      });
      return { status: response.status, body: await response.json() };
    });
    t.equal(forced.status, 403, 'the server refuses the viewer an edit');
    t.equal(forced.body.error.message, 'Your role on this website does not allow this.');
    await viewer.goto(`${base}/config/api-keys`);
    await viewerMain.getByRole('heading', { name: 'Not allowed' }).waitFor();
    await screenshot(viewer, 'admin-7-viewer-not-allowed');
    // The viewer sees the languages but can neither add one nor translate.
    await viewer.goto(`${base}/config/multilingual`);
    await viewerMain.getByRole('heading', { name: 'Translations' }).waitFor();
    t.equal(await viewerMain.getByRole('button', { name: 'Add language' }).count(), 0, 'no adding');
    t.equal(await viewerMain.getByRole('button', { name: 'Save translations' }).count(), 0, 'no saving');
    t.ok(await viewerMain.getByRole('group', { name: 'Site' }).getByLabel('Site title').isDisabled());

    // The French page on a phone: the switcher fits beside the header's icons.
    await viewer.goto(`${base}/fr/about`);
    await viewer.getByRole('navigation', { name: 'Language' }).waitFor();
    t.ok(
      await viewer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'nothing overflows the phone screen',
    );
    await screenshot(viewer, 'site-fr-about-phone');
  },
);
