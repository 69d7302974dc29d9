/**
 * Owners changing stock while 50 buyers order at once (issue 22): the
 * inventory panel's changes and product editor saves land between the
 * buyers' reservations, and whatever the order, no update is lost (the
 * final stock is exactly the start, plus what the owners added, less what
 * sold), nothing is oversold, and the log holds every change that was made.
 * On PGlite the calls queue on one connection; `npm run test:pg` runs the
 * same on PostgreSQL with 20 connections, where they really overlap.
 */
import t from 'tap';
import { addEntry, createCart } from '../../api/repositories/cart-repository.ts';
import { adjustStock, type StockActor } from '../../api/repositories/inventory-adjustment-repository.ts';
import { placeOrder } from '../../api/repositories/order-repository.ts';
import { getOwnerProduct } from '../../api/repositories/owner-product-repository.ts';
import { saveProduct } from '../../api/services/product-editor-service.ts';
import type { ProductInput } from '../../shared/product-input.ts';
import { buildSite } from './helpers/build-site.ts';
import { openTestDatabase } from './helpers/test-database.ts';

const { db, kind } = await openTestDatabase(t, { poolSize: 20 });
t.comment(`database: ${kind}`);

const BUYERS = 50;
const IN_STOCK = 10;
const OWNER: StockActor = { kind: 'contributor', id: 'owner-1', name: 'Sam Okafor' };

async function stockOf(variantId: string): Promise<number> {
  const row = await db
    .selectFrom('productVariants')
    .select('qtyInStock')
    .where('id', '=', variantId)
    .executeTakeFirstOrThrow();
  return row.qtyInStock;
}

/** What the product editor would send for the product as it is stored now, its stock moved by `by`. */
async function editorInput(websiteId: string, itemId: string, by: number): Promise<ProductInput> {
  const detail = (await getOwnerProduct(db, websiteId, itemId))!;
  const stored = detail.variants[0]!;
  return {
    title: detail.item.title,
    urlId: detail.item.urlId,
    productType: detail.product.productType,
    description: detail.item.body,
    excerpt: detail.item.excerpt,
    visible: true,
    tags: [],
    categories: [],
    customAddButtonText: '',
    imageIds: [],
    optionNames: [],
    variants: [
      {
        id: stored.id,
        sku: stored.sku,
        options: {},
        price: '25.00',
        salePrice: '',
        onSale: false,
        unlimited: false,
        qtyInStock: stored.qtyInStock + by,
        stockSeen: stored.qtyInStock,
        weightGrams: 0,
        imageId: null,
      },
    ],
    subscription: null,
    additionalFieldsFormId: null,
    memberAreaId: null,
    digitalFileIds: [],
    downloadLimit: null,
    downloadExpiryDays: null,
  };
}

t.test('owner changes and 50 buyers at once: no update lost, nothing oversold', async (t) => {
  const { websiteId, product, variant } = await buildSite(db, { qtyInStock: IN_STOCK });
  const carts: string[] = [];
  for (let n = 0; n < BUYERS; n++) {
    const cart = await createCart(db, websiteId, { currency: 'USD' });
    await addEntry(db, websiteId, cart.id, { itemId: product.item.id, variantId: variant.id, quantity: 1 });
    carts.push(cart.id);
  }
  // Loaded before the rush, as an owner's open editor would have: its save applies only its own difference.
  const editorSaves = await Promise.all([3, 4].map((by) => editorInput(websiteId, product.item.id, by)));

  type Outcome =
    | { kind: 'buyer'; ok: boolean; reason?: string }
    | { kind: 'change'; ok: boolean; quantityChange: number }
    | { kind: 'save'; ok: boolean };
  const buyers = carts.map((cartId) => async (): Promise<Outcome> => {
    const result = await placeOrder(db, websiteId, cartId, { customerEmail: null, testMode: false });
    return result.ok ? { kind: 'buyer', ok: true } : { kind: 'buyer', ok: false, reason: result.reason };
  });
  const changes = [5, 5, -2, 5, -1, 5, -3, 5].map((quantityChange) => async (): Promise<Outcome> => {
    const result = await adjustStock(db, websiteId, variant.id, { quantityChange }, 'Counted the shelf', OWNER);
    return { kind: 'change', ok: result.ok, quantityChange };
  });
  const saves = editorSaves.map((input) => async (): Promise<Outcome> => {
    await saveProduct(db, websiteId, { kind: 'update', itemId: product.item.id }, input, {
      currency: 'USD',
      actor: OWNER,
      authorId: null,
    });
    return { kind: 'save', ok: true };
  });
  // Interleaved, so owner changes start among the buyers rather than before or after them.
  const work = [...buyers];
  for (const [index, change] of [...changes, ...saves].entries()) work.splice(index * 6 + 3, 0, change);
  const results = await Promise.all(work.map((run) => run()));

  const buyerResults = results.filter((result) => result.kind === 'buyer');
  const placed = buyerResults.filter((result) => result.ok).length;
  t.equal(buyerResults.length, BUYERS);
  t.ok(
    buyerResults.every((result) => result.ok || result.reason === 'insufficient-stock'),
    'a buyer who got nothing was told the stock ran out',
  );
  t.equal(results.filter((result) => result.kind === 'save' && result.ok).length, 2, 'both editor saves went through');

  const log = await db
    .selectFrom('inventoryAdjustments')
    .select(['quantityChange', 'qtyAfter', 'reason'])
    .where('websiteId', '=', websiteId)
    .where('variantId', '=', variant.id)
    .execute();
  const madeChanges = results.filter((result) => result.kind === 'change' && result.ok);
  t.equal(log.length, madeChanges.length + 2, 'every change made is logged, and only those');
  t.same(
    log
      .filter((row) => row.reason === 'Changed in the product editor')
      .map((row) => row.quantityChange)
      .sort(),
    [3, 4],
    'an editor save adds only its own difference, whatever sold meanwhile',
  );
  const added = log.reduce((sum, row) => sum + row.quantityChange, 0);
  const sold = await db
    .selectFrom('orderLines')
    .select((eb) => eb.fn.sum<string>('quantity').as('units'))
    .where('websiteId', '=', websiteId)
    .executeTakeFirstOrThrow();
  const final = await stockOf(variant.id);
  t.equal(Number(sold.units), placed, 'one unit sold for each order placed');
  t.equal(final, IN_STOCK + added - placed, 'every change and every sale counted: nothing lost');
  t.ok(final >= 0, 'never below zero');
  const ownersAdded = log.filter((row) => row.quantityChange > 0).reduce((sum, row) => sum + row.quantityChange, 0);
  t.ok(placed <= IN_STOCK + ownersAdded, 'never sold more than there ever was');
  t.comment(`${placed} sold of the ${IN_STOCK} at the start and the ${ownersAdded} the owners added`);
  t.ok(
    results.some((result) => result.kind === 'buyer' && !result.ok),
    'and some buyers came too late',
  );
});
