import t from 'tap';
import { browserSkip, openSiteInBrowser, screenshot, VIEWPORTS, watchProblems } from './browser-support.ts';

const SCOOP = '/shop/walnut-coffee-scoop';

t.test(
  'a visitor fills in the engraving form in its lightbox and the scoop goes into the cart with it',
  { skip: browserSkip(t) },
  async (t) => {
    const { base, browser } = await openSiteInBrowser(t);

    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto(base + SCOOP, { waitUntil: 'load' });
      const button = page.locator('.sqs-add-to-cart-button');
      await page.locator('.sqs-add-to-cart-button[data-state="idle"]').waitFor();
      await button.click();

      const dialog = page.getByRole('dialog', { name: 'Engraving' });
      await dialog.waitFor();
      t.ok(await dialog.getByLabel('Engraving text').evaluate((input) => input === document.activeElement));
      t.ok(await dialog.getByText('Engraved scoops are made to order and cannot be returned.').isVisible());
      await screenshot(page, `additional-fields-${viewport.label}`);

      await dialog.getByRole('button', { name: 'Add To Cart' }).click();
      const error = dialog.locator('[data-field-type="radio"] .field-error');
      t.equal(await error.textContent(), 'Required', `${viewport.label}: the required radio group says so`);
      t.ok(await error.isVisible());
      t.ok(
        await dialog.getByLabel('Serif capitals').evaluate((input) => input === document.activeElement),
        'focus on the first choice of the invalid group',
      );
      await screenshot(page, `additional-fields-error-${viewport.label}`);

      await dialog.getByLabel('Engraving text').fill('First Pour');
      await dialog.getByLabel('Handwritten script').check();
      await dialog.getByLabel('Engraving text').press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await page.locator('.sqs-add-to-cart-button[data-state="added"]').waitFor();

      const cart = await page.evaluate(async () => (await fetch('/api/commerce/shopping-cart')).json());
      const entries = cart.entries as { quantity: number; additionalFields: Record<string, unknown> }[];
      t.equal(entries.length, 1, `${viewport.label}: one entry`);
      t.same(Object.values(entries[0]!.additionalFields).sort(), ['First Pour', 'Handwritten script']);
      t.same(problems, [], `${viewport.label}: no console errors and no failed requests`);
      await context.close();
    }
  },
);
