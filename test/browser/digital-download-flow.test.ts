/**
 * Buying a digital product and downloading it in headless Chromium
 * (issue 24): the owner gives the field guide a file through the owner API
 * (the uploader the products panel uses), a shopper buys it with the test
 * card, follows the confirmation page's link to the download page, and the
 * browser saves the file with the bytes uploaded. The owner's orders panel
 * shows the order's downloads and resets them, and lists the class's
 * sessions. Both pass axe (WCAG A and AA).
 */

import { readFile } from 'node:fs/promises';
import t from 'tap';
import { demoId } from '../../api/seed/demo-ids.ts';
import { DEMO_OWNERS } from '../../api/seed/demo-owners.ts';
import { wcagViolations } from './axe-check.ts';
import {
  announcedText,
  browserSkip,
  fillTestCard,
  openSiteInBrowser,
  screenshot,
  watchProblems,
} from './browser-support.ts';

const GUIDE = demoId('product', 'home-barista-field-guide');
const GUIDE_PDF = Buffer.concat([Buffer.from('%PDF-1.7\n% Home Barista Field Guide\n'), Buffer.alloc(2048, 0x2a)]);

t.test(
  'a shopper buys the field guide and downloads it from the confirmation page',
  { skip: browserSkip(t) },
  async (t) => {
    const { base, browser } = await openSiteInBrowser(t);

    // The owner, through the owner API as the products panel calls it.
    const ownerContext = await browser.newContext();
    t.teardown(() => ownerContext.close());
    const owner = ownerContext.request;
    await owner.get(`${base}/`);
    const crumb = (await ownerContext.cookies()).find((cookie) => cookie.name === 'crumb')?.value ?? '';
    const signedIn = await owner.post(`${base}/api/owner/session`, {
      headers: { 'x-csrf-token': crumb },
      data: { email: DEMO_OWNERS.storeManager.email, password: DEMO_OWNERS.storeManager.password },
    });
    t.equal(signedIn.status(), 200);
    const headers = { 'x-csrf-token': crumb, 'x-owner-xsrf-token': (await signedIn.json()).xsrfToken };
    const uploaded = await owner.post(`${base}/api/owner/media/files`, {
      headers,
      multipart: { file: { name: 'Home Barista Field Guide.pdf', mimeType: 'application/pdf', buffer: GUIDE_PDF } },
    });
    t.equal(uploaded.status(), 201);
    const fileId = (await uploaded.json()).file.id;
    const loaded = (await (await owner.get(`${base}/api/owner/products/${GUIDE}`)).json()).product;
    const { id: _id, collectionId: _c, fullUrl: _f, currency: _cur, images: _i, digitalFiles: _d, ...input } = loaded;
    const saved = await owner.put(`${base}/api/owner/products/${GUIDE}`, {
      headers,
      data: { ...input, digitalFileIds: [fileId] },
    });
    t.equal(saved.status(), 200);

    // The shopper.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    t.teardown(() => context.close());
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${base}/shop/home-barista-field-guide`);
    const shopperCrumb = (await context.cookies()).find((cookie) => cookie.name === 'crumb')?.value ?? '';
    const added = await page.request.post(`${base}/api/commerce/shopping-cart/entries`, {
      headers: { 'x-csrf-token': shopperCrumb },
      data: { itemId: GUIDE, quantity: 1 },
    });
    t.equal(added.status(), 200);
    await page.goto(`${base}/checkout`);
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Email').fill('reader@example.com');
    await page.getByLabel('Full name').fill('Rae Reader');
    await fillTestCard(page);
    await page.getByRole('button', { name: 'Place test order' }).click();
    await page.waitForURL(/\/checkout\/order-confirmed\?orderToken=[0-9a-f]{24}$/);
    await t.resolveMatch(page.getByRole('heading', { level: 1 }).innerText(), 'Thank you, your order is placed');

    await page.getByRole('link', { name: 'Download your files' }).click();
    await page.waitForURL(/\/checkout\/downloads\?orderToken=[0-9a-f]{24}$/);
    await t.resolveMatch(page.getByRole('heading', { level: 1 }).innerText(), 'Your downloads');
    await t.resolveMatch(page.locator('.order-downloads__file').innerText(), /5 of 5 downloads left/);
    t.same(await wcagViolations(page), [], 'axe: the download page passes WCAG A/AA');
    await screenshot(page, 'digital-download-1-page');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download Home Barista Field Guide.pdf' }).click(),
    ]);
    t.equal(download.suggestedFilename(), 'Home Barista Field Guide.pdf');
    const savedPath = await download.path();
    t.ok((await readFile(savedPath)).equals(GUIDE_PDF), 'the file saved is the file uploaded');
    await page.reload();
    await t.resolveMatch(page.locator('.order-downloads__file').innerText(), /4 of 5 downloads left/);
    t.same(problems, [], 'no console errors or failed requests');

    // The owner's orders panel: the order's downloads, reset with a new link emailed; the class's sessions.
    const admin = await ownerContext.newPage();
    const adminProblems = watchProblems(admin);
    await admin.goto(`${base}/config/orders`);
    const main = admin.getByRole('main');
    await admin.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    const sessions = main.getByRole('region', { name: 'Sessions' });
    await t.resolveMatch(
      sessions.innerText(),
      /Pour-Over Fundamentals Class\s+Session: Saturday, 10 am\s+0\s+8\s+None yet/,
    );
    await main.getByRole('button', { name: 'Open order #1001' }).click();
    const downloads = main.getByRole('region', { name: 'Downloads' });
    await t.resolveMatch(downloads.innerText(), /Home Barista Field Guide\.pdf \(2 KB\)\s+1 of 5\s+.+\s+Ready/);
    await downloads.getByRole('button', { name: 'Reset downloads and email a new link' }).click();
    t.match(
      await announcedText(downloads.getByRole('status')),
      'The downloads were reset and the buyer was emailed a new link.',
    );
    await t.resolveMatch(downloads.innerText(), /0 of 5/);
    t.same(await wcagViolations(admin), [], 'axe: the orders panel with downloads and sessions passes WCAG A/AA');
    await screenshot(admin, 'digital-download-2-orders-panel');
    t.same(adminProblems, [], 'no console errors or failed requests in the admin app');
  },
);
