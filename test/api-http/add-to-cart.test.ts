import { sql } from 'kysely';
import t from 'tap';
import { json } from '../../api/db/json.ts';
import { collectionId } from '../../api/seed/demo-ids.ts';
import { DEMO_WEBSITE_ID } from '../../api/seed/seed-demo-site.ts';
import { buildProduct } from '../api/helpers/build-site.ts';
import { openDemoApp } from '../site/demo-app.ts';
import { productId, Visitor } from './api-helpers.ts';

const MUG = productId('stoneware-mug');

t.test('add-to-cart rules answer the spec messages and leave the cart as it was', async (t) => {
  const { app, handle } = await openDemoApp(t);
  const db = handle.db;

  async function optionedProduct(options: string[]) {
    const attributes = Object.fromEntries(options.map((name) => [name, `${name} 1`]));
    const built = await buildProduct(db, DEMO_WEBSITE_ID, collectionId('shop'), {
      variants: [{ attributes, qtyInStock: 5 }],
    });
    await db
      .updateTable('products')
      .set({ variantOptionOrdering: json(options) })
      .where('websiteId', '=', DEMO_WEBSITE_ID)
      .where('itemId', '=', built.item.id)
      .execute();
    await db.updateTable('items').set({ published: true }).where('id', '=', built.item.id).execute();
    return built;
  }

  t.test('one, two and many unselected options', async (t) => {
    const visitor = new Visitor(app);
    const one = await visitor.add({ itemId: MUG, quantity: 1 });
    t.equal(one.statusCode, 400);
    t.same(one.json().error, { code: 'options-not-selected', message: 'Please select the Color option.' });

    const coffee = await visitor.add({ itemId: productId('house-blend-coffee'), sku: 'NOPE', quantity: 1 });
    t.equal(coffee.json().error.message, 'Please select the Size and Grind options.', 'an unknown sku too');

    const three = await optionedProduct(['Size', 'Color', 'Fit']);
    const many = await visitor.add({ itemId: three.item.id, quantity: 1 });
    t.equal(many.json().error.message, 'Please select the Size, Color and Fit options.');
    const four = await optionedProduct(['Width', 'Size', 'Color', 'Fit']);
    t.equal(
      (await visitor.add({ itemId: four.item.id })).json().error.message,
      'Please select the Width, Size, Color and Fit options.',
    );
    t.equal(visitor.cookies.has('sb_cart'), false, 'no cart was created');
  });

  t.test('a variant that does not exist', async (t) => {
    const visitor = new Visitor(app);
    const response = await visitor.add({ itemId: productId('cedar-and-smoke-candle'), sku: 'FW-MUG-OAT' });
    t.equal(response.statusCode, 400);
    t.same(response.json().error, {
      code: 'variant-unavailable',
      message: 'Sorry, that item variant is unavailable. Please select another variant.',
    });
    const noSku = await visitor.add({ itemId: productId('cedar-and-smoke-candle') });
    t.equal(noSku.statusCode, 200, 'a product without options needs no sku');
  });

  t.test('an unknown or malformed product id is a 404', async (t) => {
    const visitor = new Visitor(app);
    t.equal((await visitor.add({ itemId: 'aaaaaaaaaaaaaaaaaaaaaaaa', sku: 'FW-MUG-OAT' })).statusCode, 404);
    const odd = await visitor.add({ itemId: '../../etc', sku: 'FW-MUG-OAT' });
    t.equal(odd.statusCode, 404);
    t.equal(odd.json().error.code, 'product-not-found');
  });

  t.test('out of stock, counting what the cart already holds', async (t) => {
    const visitor = new Visitor(app);
    const sold = await visitor.add({ itemId: MUG, sku: 'FW-MUG-TERRA', quantity: 1 });
    t.equal(sold.statusCode, 409);
    t.same(sold.json().error, {
      code: 'out-of-stock',
      message: 'Sorry, we do not have enough of that item available.',
    });
    // Slate has 9 in stock.
    t.equal((await visitor.add({ itemId: MUG, sku: 'FW-MUG-SLATE', quantity: 10 })).statusCode, 409);
    t.equal((await visitor.add({ itemId: MUG, sku: 'FW-MUG-SLATE', quantity: 7 })).statusCode, 200);
    const more = await visitor.add({ itemId: MUG, sku: 'FW-MUG-SLATE', quantity: 3 });
    t.equal(more.statusCode, 409, '7 in the cart and 3 more is over 9');
    t.equal((await visitor.add({ itemId: MUG, sku: 'FW-MUG-SLATE', quantity: 2 })).statusCode, 200);
    t.equal((await visitor.add({ itemId: MUG, sku: 'FW-MUG-SLATE', quantity: 1 })).statusCode, 409, 'all 9 taken');
    const cart = await visitor.cart();
    t.equal(cart.totalQuantity, 9);
    t.equal(cart.entries.length, 1);
  });

  t.test('digital, paywall and gift card products are never out of stock', async (t) => {
    const visitor = new Visitor(app);
    await db
      .updateTable('productVariants')
      .set({ unlimited: false, qtyInStock: 0 })
      .where('sku', '=', 'FW-GUIDE-PDF')
      .execute();
    t.equal((await visitor.add({ itemId: productId('home-barista-field-guide'), quantity: 3 })).statusCode, 200);
    t.equal((await visitor.add({ itemId: productId('the-roasters-notebook'), quantity: 2 })).statusCode, 200);
  });

  t.test('quantities', async (t) => {
    const visitor = new Visitor(app);
    const cases: Array<[unknown, number, string]> = [
      ['two', 400, 'Quantity must be a number.'],
      [true, 400, 'Quantity must be a number.'],
      [{ n: 1 }, 400, 'Quantity must be a number.'],
      ['', 400, 'Quantity must be a number.'],
      [1.5, 400, 'Quantity must be a whole number.'],
      ['2.5', 400, 'Quantity must be a whole number.'],
      [0, 400, 'Quantity must be from 1 to 9999.'],
      [-1, 400, 'Quantity must be from 1 to 9999.'],
      [10000, 400, 'Quantity must be from 1 to 9999.'],
      [1e300, 400, 'Quantity must be from 1 to 9999.'],
    ];
    for (const [quantity, status, message] of cases) {
      const response = await visitor.add({ itemId: MUG, sku: 'FW-MUG-OAT', quantity });
      t.equal(response.statusCode, status, `quantity ${JSON.stringify(quantity)}`);
      t.equal(response.json().error.message, message, `quantity ${JSON.stringify(quantity)}`);
      t.same(response.json().error.fields, { quantity: message });
    }
    const huge = await visitor.request(
      'POST',
      '/api/commerce/shopping-cart/entries',
      `{"itemId":"${MUG}","sku":"FW-MUG-OAT","quantity":1e400}`,
      { 'content-type': 'application/json' },
    );
    t.equal(huge.statusCode, 400, 'a number JSON reads as Infinity');
    t.equal(visitor.cookies.has('sb_cart'), false, 'no cart was created');
    const text = await visitor.add({ itemId: MUG, sku: 'FW-MUG-OAT', quantity: '2' });
    t.equal(text.statusCode, 200, 'a numeric string from a form is a number');
    t.equal(text.json().newlyAdded.quantity, 2);
    const absent = await visitor.add({ itemId: MUG, sku: 'FW-MUG-SLATE' });
    t.equal(absent.json().newlyAdded.quantity, 1, 'the default quantity is 1');
  });

  t.test('a gift card needs a denomination', async (t) => {
    const visitor = new Visitor(app);
    const response = await visitor.add({ itemId: productId('fernwood-gift-card'), quantity: 1 });
    t.equal(response.statusCode, 400);
    t.same(response.json().error, {
      code: 'gift-card-denomination',
      message: 'Select a denomination for the Gift Card',
    });
    const recipient = { recipientName: '  Ann Lee ', recipientEmail: 'ann@example.com', note: 'Happy birthday!' };
    const chosen = await visitor.add({
      itemId: productId('fernwood-gift-card'),
      sku: 'FW-GIFT-50',
      quantity: 1,
      additionalFields: JSON.stringify(recipient),
    });
    t.equal(chosen.statusCode, 200);
    t.equal(chosen.json().shoppingCart.subtotalCents, '5000');
    t.same(
      chosen.json().newlyAdded.additionalFields,
      { ...recipient, recipientName: 'Ann Lee' },
      'the recipient is kept with the line, trimmed',
    );
  });

  t.test("a gift card needs its recipient's name and a valid email; the note has a limit", async (t) => {
    const visitor = new Visitor(app);
    const add = (fields: unknown) =>
      visitor.add({
        itemId: productId('fernwood-gift-card'),
        sku: 'FW-GIFT-25',
        quantity: 1,
        ...(fields === undefined ? {} : { additionalFields: JSON.stringify(fields) }),
      });
    const cases: Array<[string, unknown, Record<string, string>]> = [
      ['no fields', undefined, { recipientName: 'Required', recipientEmail: 'Required' }],
      ['blank', { recipientName: ' ', recipientEmail: '' }, { recipientName: 'Required', recipientEmail: 'Required' }],
      [
        'a bad email',
        { recipientName: 'Ann', recipientEmail: 'ann@example' },
        { recipientEmail: 'Email is not valid. Email addresses should follow the format user@domain.com.' },
      ],
      [
        'a long name and note',
        { recipientName: 'A'.repeat(101), recipientEmail: 'ann@example.com', note: 'n'.repeat(501) },
        { recipientName: 'You have exceeded the character limit.', note: 'You have exceeded the character limit.' },
      ],
    ];
    for (const [label, fields, errors] of cases) {
      const response = await add(fields);
      t.equal(response.statusCode, 400, label);
      t.same(
        response.json().error,
        {
          code: 'gift-card-recipient-invalid',
          message: 'One or more fields is invalid, please check your entries.',
          fields: errors,
        },
        label,
      );
    }
    t.equal(visitor.cookies.has('sb_cart'), false, 'no cart was made for a refused gift card');
    const fits = await add({
      recipientName: 'A'.repeat(100),
      recipientEmail: 'ann@example.com',
      note: 'n'.repeat(500),
    });
    t.equal(fits.statusCode, 200, 'at the limits is fine');
  });

  t.test('services follow the store setting on multiple quantities', async (t) => {
    const service = productId('pour-over-fundamentals-class');
    const allowed = new Visitor(app);
    t.equal((await allowed.add({ itemId: service, sku: 'FW-CLASS-SAT-AM', quantity: 2 })).statusCode, 200);

    await db
      .updateTable('websiteSettings')
      .set({ storeSettings: sql`store_settings || '{"multipleQuantityAllowedForServices": false}'::jsonb` })
      .where('websiteId', '=', DEMO_WEBSITE_ID)
      .execute();
    const single = new Visitor(app);
    const two = await single.add({ itemId: service, sku: 'FW-CLASS-SAT-AM', quantity: 2 });
    t.equal(two.statusCode, 400);
    t.equal(two.json().error.code, 'service-single-quantity');
    t.equal((await single.add({ itemId: service, sku: 'FW-CLASS-SAT-AM', quantity: 1 })).statusCode, 200);
    t.equal((await single.add({ itemId: service, sku: 'FW-CLASS-THU-PM', quantity: 1 })).statusCode, 400);
    const entry = (await single.cart()).entries[0];
    const raise = await single.request('PUT', `/api/commerce/shopping-cart/entries/${entry.id}`, { quantity: 2 });
    t.equal(raise.statusCode, 400, 'nor by changing the quantity');
    t.equal((await single.cart()).totalQuantity, 1);
  });

  t.test('equal entries merge; different additional fields do not', async (t) => {
    const visitor = new Visitor(app);
    const scoop = productId('walnut-coffee-scoop');
    const first = await visitor.add({ itemId: scoop, quantity: 1, additionalFields: '{"engraving":"AB"}' });
    t.equal(first.statusCode, 200);
    t.match(first.headers['set-cookie'], /sb_cart=[0-9a-f]{24}; Path=\/; HttpOnly; SameSite=Lax/);
    const second = await visitor.add({ itemId: scoop, quantity: 2, additionalFields: '{"engraving":"AB"}' });
    t.equal(second.headers['set-cookie'], undefined, 'the cookie is set once');
    t.equal(second.json().newlyAdded.id, first.json().newlyAdded.id);
    t.equal(second.json().newlyAdded.quantity, 3);
    const other = await visitor.add({ itemId: scoop, quantity: 1, additionalFields: '{"engraving":"CD"}' });
    t.not(other.json().newlyAdded.id, first.json().newlyAdded.id);
    t.equal(other.json().shoppingCart.totalQuantity, 4);
    t.equal(other.json().shoppingCart.subtotalCents, '9600');
    const bad = await visitor.add({ itemId: scoop, quantity: 1, additionalFields: '[1,2]' });
    t.equal(bad.statusCode, 400);
    t.same(bad.json().error.fields, { additionalFields: 'Additional fields must be a JSON object.' });
    t.equal((await visitor.cart()).totalQuantity, 4);
  });
});
