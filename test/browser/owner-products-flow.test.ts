/**
 * The products and inventory panels in headless Chromium (issue 22):
 * - the store manager signs in to /config, creates a product with two
 *   options (four variants) and a picture (uploaded, with alt text), meets
 *   the spec's 'This tag already exists' on the way, and sees it on the site;
 * - a shopper in another browser context buys one;
 * - the inventory panel finds it by search, shows the sale in its variant's
 *   stock, changes that stock with a reason (logged with the manager's name),
 *   sorts by stock and price, pages, and opens the product from its row; the
 *   panel's tracking events reach the server.
 */
import type { Page } from 'playwright-core';
import t from 'tap';
import { DEMO_WEBSITE_ID } from '../../api/seed/demo-ids.ts';
import { DEMO_OWNERS } from '../../api/seed/demo-owners.ts';
import { INVENTORY_PANEL_EVENTS } from '../../shared/inventory-panel.ts';
import { testPicture } from '../api-http/upload-helpers.ts';
import { axeViolations } from './axe-check.ts';
import {
  browserSkip,
  fillCheckoutAddress,
  fillTestCard,
  openSiteInBrowser,
  PORTLAND_MAINE,
  screenshot,
  watchProblems,
} from './browser-support.ts';

async function signIn(page: Page, base: string) {
  await page.goto(`${base}/config`);
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(DEMO_OWNERS.storeManager.email);
  await main.getByLabel('Password').fill(DEMO_OWNERS.storeManager.password);
  await main.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Administration' }).waitFor();
}

/** The dollars of '$24.00'. */
const dollars = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

t.test(
  'a store manager makes a product with options and a picture, it sells, the inventory panel shows it',
  { skip: browserSkip(t) },
  async (t) => {
    const { base, browser, handle } = await openSiteInBrowser(t);
    const admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    t.teardown(() => admin.close());
    const owner = await admin.newPage();
    // Before signing in, the app's session read answers 401, as it should.
    await signIn(owner, base);
    const ownerProblems = watchProblems(owner);
    const nav = owner.getByRole('navigation', { name: 'Administration' });
    const main = owner.getByRole('main');

    // The products panel, and a new physical product.
    await nav.getByRole('link', { name: 'Products' }).click();
    await main.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    await t.resolveMatch(main.getByText('Shop: 11 of 200 products.').count(), 1);
    t.same(await axeViolations(owner), [], 'axe: the products panel');
    await screenshot(owner, 'owner-products-0-list');
    await main.getByLabel('Type of the new product').selectOption({ label: 'Physical' });
    await main.getByRole('button', { name: 'Add product' }).click();
    await main.getByRole('heading', { name: 'New product', level: 1 }).waitFor();

    await main.getByLabel('Name').fill('Linen Apron');
    await main.getByLabel('Description').fill('<p>Heavy washed linen, two deep pockets.</p>');
    await main.getByLabel('Price of variant 1').fill('24.00');
    await main.getByLabel('Stock of variant 1').fill('5');
    await main.getByRole('button', { name: 'Add option' }).click();
    await main.getByLabel('Option 1 name').fill('Size');
    await main.getByLabel('Option 1 values').fill('Small, Large');
    await main.getByRole('button', { name: 'Add option' }).click();
    await main.getByLabel('Option 2 name').fill('Color');
    await main.getByLabel('Option 2 values').fill('Blue, Rust');
    await main.getByRole('button', { name: 'Make a variant for every combination' }).click();
    t.equal(await main.getByLabel(/^SKU of variant/).count(), 4, 'four variants from two options of two values');
    t.equal(await main.getByLabel('SKU of variant 4').inputValue(), 'LINEN-APRON-LARGE-RUST');
    t.equal(await main.getByLabel('Price of variant 3').inputValue(), '24.00', 'the first price is carried over');

    const picture = await testPicture(1400, 1000, 'jpeg');
    await main
      .getByLabel('Add pictures')
      .setInputFiles({ name: 'linen-apron.jpg', mimeType: 'image/jpeg', buffer: picture });
    await main.getByText('linen-apron.jpg is uploaded. Describe it in its alt text.').waitFor();
    await main.getByLabel('Alt text of picture 1').fill('A blue linen apron hanging on a peg');
    await main.getByLabel('Focal point from the top (%)').fill('30');

    await main.getByLabel('Categories', { exact: true }).fill('Kitchen');
    await main.getByLabel('Categories', { exact: true }).press('Enter');
    await main.getByLabel('Tags', { exact: true }).fill('linen');
    await main.getByLabel('Tags', { exact: true }).press('Enter');
    await main.getByLabel('Tags', { exact: true }).fill('Linen');
    await main.getByRole('button', { name: 'Add tag' }).click();
    await t.resolveMatch(
      main.getByRole('alert').filter({ hasText: 'This tag already exists' }).count(),
      1,
      "the spec's message, before anything is sent",
    );
    await main.getByLabel('Tags', { exact: true }).fill('aprons');
    await main.getByLabel('Tags', { exact: true }).press('Enter');
    await screenshot(owner, 'owner-products-1-editor');

    await main.getByRole('button', { name: 'Create product' }).click();
    await main.getByRole('status').filter({ hasText: 'Linen Apron is saved.' }).waitFor();
    t.match(owner.url(), /\/config\/products\/edit\?id=[0-9a-f]{24}$/, 'the address now names the product');
    await main.getByRole('heading', { name: 'Edit Linen Apron', level: 1 }).waitFor();
    t.same(await axeViolations(owner), [], 'axe: the product editor');
    await screenshot(owner, 'owner-products-2-saved');

    // On the site at once.
    const site = await admin.newPage();
    await site.goto(`${base}/shop/linen-apron`);
    await t.resolveMatch(site.getByRole('heading', { level: 1 }).innerText(), 'Linen Apron');
    const image = site.locator('img[alt="A blue linen apron hanging on a peg"]').first();
    await image.waitFor();
    t.match(await image.getAttribute('src'), `/content/${DEMO_WEBSITE_ID}/`, 'the uploaded picture');
    t.ok(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 'and it loads');
    t.match(await image.getAttribute('srcset'), /\?format=1000w 1000w/, 'at the stored widths');
    await site.goto(`${base}/shop`);
    await t.resolveMatch(
      site.getByRole('link', { name: 'Linen Apron', exact: true }).count(),
      1,
      'listed in the store',
    );
    await site.close();

    // A shopper buys one Small Blue apron in a browser of their own.
    const shopper = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    t.teardown(() => shopper.close());
    const buyer = await shopper.newPage();
    const buyerProblems = watchProblems(buyer);
    await buyer.goto(`${base}/shop/linen-apron`);
    await buyer.getByRole('radio', { name: 'Small' }).check();
    await buyer.getByRole('radio', { name: 'Blue' }).check();
    await buyer
      .getByRole('button', { name: /add to cart/i })
      .first()
      .click();
    await buyer.locator('.sqs-add-to-cart-button[data-state="added"]').waitFor();
    await buyer.goto(`${base}/checkout`);
    await fillCheckoutAddress(buyer, { email: 'apron@example.com', name: 'Pat Apron', ...PORTLAND_MAINE });
    await buyer.getByRole('button', { name: 'Update shipping and totals' }).click();
    await buyer.locator('.checkout-totals', { hasText: 'Maine sales tax' }).waitFor();
    await fillTestCard(buyer);
    await buyer.getByRole('button', { name: 'Place test order' }).click();
    await buyer.waitForURL(/\/checkout\/order-confirmed\?orderToken=/);
    await t.resolveMatch(buyer.locator('.checkout-summary').innerText(), /Linen Apron/);
    t.same(buyerProblems, [], 'the shopper met no errors');

    // The inventory panel: search, the sale in the variant's stock, a change with its reason.
    await nav.getByRole('link', { name: 'Inventory' }).click();
    await main.getByRole('heading', { name: 'Inventory', level: 1 }).waitFor();
    await main.getByText('12 products, page 1 of 2.').waitFor();
    await main.getByLabel('Search products or SKUs').fill('linen');
    await main.getByRole('button', { name: 'Search', exact: true }).click();
    await main.getByText('1 product, page 1 of 1.').waitFor();
    const rows = main.locator('.inventory-row > tr:first-child th[scope="row"]');
    t.same(await rows.allInnerTexts(), ['Linen Apron']);
    await main.getByRole('button', { name: 'Show the variants of Linen Apron' }).click();
    const variants = main.getByRole('table', { name: 'Variants of Linen Apron' });
    await variants.waitFor();
    const smallBlue = variants.getByRole('row', { name: /Small \/ Blue/ });
    await t.resolveMatch(smallBlue.innerText(), /LINEN-APRON-SMALL-BLUE\s+4\b/, 'five less the one sold');
    await t.resolveMatch(variants.getByRole('row', { name: /Large \/ Rust/ }).innerText(), /\s5\b/);
    await smallBlue.getByLabel('Units to add or take off').fill('3');
    await smallBlue.getByLabel('Reason').fill('Found three more in the back');
    await smallBlue.getByRole('button', { name: /^Apply/ }).click();
    await main.getByRole('status').filter({ hasText: 'LINEN-APRON-SMALL-BLUE: 7 in stock now.' }).waitFor();
    const recent = main.getByRole('table', { name: 'Recent stock changes' });
    // The status comes with the change's answer; the panel then loads its lists again, the recent changes too.
    await recent.getByRole('row', { name: /Found three more/ }).waitFor();
    await t.resolveMatch(
      recent.innerText(),
      /Linen Apron \(LINEN-APRON-SMALL-BLUE\)\s+\+3\s+7\s+Sam Okafor\s+Found three more/,
    );
    await owner.getByText('Settings', { exact: true }).click();
    await main.getByLabel('Scarcity threshold').waitFor();
    t.same(await axeViolations(owner), [], 'axe: the inventory panel, a row open, the settings shown');
    await screenshot(owner, 'owner-products-3-inventory-search');

    // Sort by price and by stock (the whole store again), and the next page.
    await main.getByLabel('Search products or SKUs').fill('');
    await main.getByRole('button', { name: 'Search', exact: true }).click();
    await main.getByText('12 products, page 1 of 2.').waitFor();
    await main.getByRole('button', { name: 'Sort by price' }).click();
    await t.resolveMatch(
      main.getByRole('columnheader', { name: /Sort by price/ }).getAttribute('aria-sort'),
      'ascending',
    );
    await main.getByText('12 products, page 1 of 2.').waitFor();
    const prices = async () =>
      (await main.locator('.inventory-row > tr:first-child > td:nth-child(4)').allInnerTexts()).map(dollars);
    await owner.waitForFunction(
      () => document.querySelector('.inventory-row th[scope="row"] a')?.textContent === "The Roaster's Notebook",
    );
    const byPrice = await prices();
    t.same(
      byPrice,
      [...byPrice].sort((a, b) => a - b),
      'cheapest first',
    );
    await main.getByRole('button', { name: 'Sort by price' }).click();
    await owner.waitForFunction(
      () => document.querySelector('.inventory-row th[scope="row"] a')?.textContent === 'Waffle Cotton Throw',
    );
    const down = await prices();
    t.same(
      down,
      [...down].sort((a, b) => b - a),
      'dearest first on a second click',
    );
    await main.getByRole('button', { name: 'Sort by stock' }).click();
    await owner.waitForFunction(
      () => document.querySelector('.inventory-row th[scope="row"] a')?.textContent === 'Speckled Serving Bowl',
    );
    const firstPage = await rows.allInnerTexts();
    await main.getByRole('button', { name: 'Next page' }).click();
    await main.getByText('12 products, page 2 of 2.').waitFor();
    const secondPage = await rows.allInnerTexts();
    t.equal(firstPage.length, 10);
    t.equal(secondPage.length, 2);
    t.same(
      firstPage.filter((name) => secondPage.includes(name)),
      [],
      'no product on both pages',
    );
    t.ok(await main.getByRole('button', { name: 'Next page' }).isDisabled(), 'the last page');
    await screenshot(owner, 'owner-products-4-inventory-page-2');

    // A row's name opens the product.
    await main.getByRole('button', { name: 'Previous page' }).click();
    await main.getByText('12 products, page 1 of 2.').waitFor();
    await main.locator('.inventory-row th[scope="row"] a', { hasText: 'Linen Apron' }).click();
    await main.getByRole('heading', { name: 'Edit Linen Apron', level: 1 }).waitFor();
    t.equal(await main.getByLabel('Stock of variant 1').inputValue(), '7', 'the editor has the counted stock');

    // The panel's tracking events reached the server (written a second after they arrive).
    const wanted = [
      INVENTORY_PANEL_EVENTS.search,
      INVENTORY_PANEL_EVENTS.rowExpand,
      INVENTORY_PANEL_EVENTS.sortPrice,
      INVENTORY_PANEL_EVENTS.sortStock,
      INVENTORY_PANEL_EVENTS.nextPage,
      INVENTORY_PANEL_EVENTS.rowClick,
    ];
    let names = new Set<string>();
    for (let tries = 0; tries < 60 && wanted.some((name) => !names.has(name)); tries++) {
      await owner.waitForTimeout(100);
      const events = await handle.db
        .selectFrom('visitorEvents')
        .select('name')
        .where('websiteId', '=', DEMO_WEBSITE_ID)
        .where('kind', '=', 'panel')
        .execute();
      names = new Set(events.map((event) => event.name));
    }
    for (const name of wanted) t.ok(names.has(name), `${name} was recorded`);
    t.same(ownerProblems, [], 'the admin app met no errors');
  },
);
