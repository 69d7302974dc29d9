/**
 * Site users in headless Chromium against the real server: sign up, sign
 * out, sign in with the keyboard alone (focus on the first problem, remember
 * me), a member-only post denied before joining and shown after, and a
 * password-protected page unlocked.
 */
import type { Page } from 'playwright-core';
import t from 'tap';
import { DEMO_LOCKED_PAGE } from '../../api/seed/demo-member-area.ts';
import { browserSkip, openSiteInBrowser, screenshot, watchProblems } from './browser-support.ts';

const POST = '/roasters-circle/spring-roast-log';
const headerLink = (page: Page) => page.locator('.site-header .header-text-link');
const active = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    return {
      name: element?.getAttribute('name') ?? element?.tagName ?? '',
      invalid: element?.getAttribute('aria-invalid'),
    };
  });

t.test(
  'sign up, sign out, sign in by keyboard, a member area and a locked page',
  { skip: browserSkip(t) },
  async (t) => {
    const { base, browser } = await openSiteInBrowser(t);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // Locked and denied pages answer 401 and 403 by design.
    const problems = watchProblems(page, { allowStatus: (_url, status) => status === 401 || status === 403 });
    const email = `reader.${process.pid}@example.test`;
    const password = 'tasting-notes-42';

    // Sign up: a problem first (too short a password), then the account.
    await page.goto(`${base}/account/sign-up`);
    t.equal(await headerLink(page).innerText(), 'Sign in');
    const signUp = page.getByRole('form', { name: 'Create an account' });
    await signUp.getByLabel('Name').fill('Rowan Reader');
    await signUp.getByLabel('Email').fill(email);
    await signUp.getByLabel('Password').fill('short');
    await signUp.getByRole('button', { name: 'Create account' }).click();
    await signUp.locator('.account-form__field-error').waitFor();
    t.same(await active(page), { name: 'password', invalid: 'true' }, 'focus on the field with the problem');
    await signUp.getByLabel('Password').fill(password);
    await signUp.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${base}/account`);
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    t.equal(await headerLink(page).innerText(), 'Account');
    await t.resolveMatch(page.locator('.account-page').innerText(), email);
    await screenshot(page, 'account-1-signed-up');

    // Sign out from the account page.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${base}/`);
    t.equal(await headerLink(page).innerText(), 'Sign in');
    t.equal(await page.evaluate(() => localStorage.getItem('sb-site-user-xsrf')), null, 'the token is forgotten');

    // Sign in with the keyboard only, coming from the member-only post.
    await page.goto(`${base}${POST}`);
    t.match(await page.locator('main').innerText(), 'This page is for members');
    t.notMatch(await page.locator('main').innerText(), 'Members get the first 40 bags');
    await page.goto(`${base}/account/sign-in?return=${encodeURIComponent(POST)}`);
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    for (let n = 0; n < 30 && (await active(page)).name !== 'email'; n++) await page.keyboard.press('Tab');
    t.equal((await active(page)).name, 'email', 'the email field is reached with Tab');
    await page.keyboard.press('Enter');
    await page.locator('.account-form__field-error').first().waitFor();
    t.same(await active(page), { name: 'email', invalid: 'true' }, 'an empty form puts focus on the email');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(password);
    await page.keyboard.press('Tab');
    t.equal((await active(page)).name, 'rememberMe');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${base}${POST}`);
    t.equal(await headerLink(page).innerText(), 'Account');
    const session = (await context.cookies()).find((cookie) => cookie.name === 'sb_session');
    t.ok(session && session.expires > Date.now() / 1000 + 29 * 86400, 'remember me: the session lasts 30 days');

    // Signed in but not a member: still denied, now with a join button that works.
    t.notMatch(await page.locator('main').innerText(), 'Members get the first 40 bags');
    await page.getByRole('button', { name: 'Join' }).click();
    await page.waitForURL(/\/account\/membership-confirmed\?area=roasters-circle$/);
    await page.getByRole('link', { name: "Go to Roasters' Circle" }).click();
    await page
      .getByRole('link', { name: /Spring Roast Log/ })
      .first()
      .click();
    await page.waitForURL(`${base}${POST}`);
    t.match(await page.locator('main').innerText(), 'Members get the first 40 bags', 'the post is shown to a member');
    await screenshot(page, 'account-2-member-post');

    // A signed-in user's island write carries the XSRF token: the cart takes it, no 403.
    await page.goto(`${base}/shop/cedar-and-smoke-candle`);
    const add = page.locator('.sqs-add-to-cart-button[data-island-mounted], .sqs-add-to-cart-button[data-state]');
    await add.first().waitFor();
    const [added] = await Promise.all([
      page.waitForResponse((response) => response.url().includes('/api/commerce/shopping-cart/entries')),
      add.first().click(),
    ]);
    t.equal(added.status(), 200, 'add to cart while signed in');

    // A locked page: a wrong password says so, the right one opens it.
    await page.goto(`${base}/wholesale`);
    t.notMatch(await page.locator('main').innerText(), 'Wholesale price list');
    await page.getByLabel('Password').fill('not-it');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('alert').waitFor();
    t.match(await page.getByRole('alert').innerText(), 'That password is not correct.');
    t.same(await active(page), { name: 'password', invalid: 'true' }, 'focus back on the password');
    await page.getByLabel('Password').fill(DEMO_LOCKED_PAGE.password);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.waitForURL(`${base}/wholesale`);
    t.match(await page.locator('main').innerText(), 'Wholesale price list');
    await screenshot(page, 'account-3-unlocked');

    t.same(
      problems.filter((p) => !p.startsWith('console: Failed to load resource')),
      [],
      'no errors in the page',
    );
    await context.close();
  },
);
