/** The store rules in domain/ other than money: quantities, stock, product types and status. */
import t from 'tap';
import { currentPrice, isProductOnSale, isProductSoldOut, isVariantSoldOut } from '../../domain/product-status.ts';
import { isDeliveredOnline, isStockedType, isVariantPricedType } from '../../domain/product-types.ts';
import { QUANTITY, QUANTITY_MESSAGES, quantityProblem } from '../../domain/quantity.ts';
import { PRODUCT_TYPES } from '../../domain/spec-enums.ts';
import { canAddToCart } from '../../domain/stock.ts';

const { physical, digital, service, 'gift-card': giftCard, paywall } = PRODUCT_TYPES;

t.test('quantities: whole numbers from 1 to 9999', async (t) => {
  t.same(QUANTITY, { min: 1, max: 9999, step: 1, value: 1, size: 4 });
  t.equal(quantityProblem(1), null);
  t.equal(quantityProblem(9999), null);
  t.equal(quantityProblem(0), 'outOfRange');
  t.equal(quantityProblem(10000), 'outOfRange');
  t.equal(quantityProblem(Number.POSITIVE_INFINITY), 'outOfRange');
  t.equal(quantityProblem(1.5), 'notWhole');
  t.equal(quantityProblem(Number.NaN), 'notANumber');
  t.equal(QUANTITY_MESSAGES.outOfRange, 'Quantity must be from 1 to 9999.');
});

t.test('stock: available when unlimited or more in stock than the cart holds, covering the new quantity', async (t) => {
  t.ok(canAddToCart({ unlimited: true, qtyInStock: 0 }, 50, 5));
  t.ok(canAddToCart({ qtyInStock: 3 }, 1, 2));
  t.notOk(canAddToCart({ qtyInStock: 3 }, 1, 3), 'not enough for the new quantity');
  t.notOk(canAddToCart({ qtyInStock: 3 }, 3, 1), 'the cart holds them all');
  t.notOk(canAddToCart({ qtyInStock: 'lots' }, 0, 1), 'unreadable stock is none');
  t.ok(canAddToCart({ qtyInStock: '4' }, 0, 4), 'stock as text');
});

t.test('product types', async (t) => {
  t.same([physical, digital, service, giftCard, paywall].map(isStockedType), [true, false, true, false, false]);
  t.same([physical, digital, service, giftCard, paywall].map(isVariantPricedType), [true, false, true, true, false]);
  t.same([physical, digital, service, giftCard, paywall].map(isDeliveredOnline), [false, true, false, true, true]);
});

t.test('product status', async (t) => {
  const sale = [{ onSale: false }, { onSale: true }];
  t.ok(isProductOnSale(physical, false, sale), 'a stocked product with a variant on sale');
  t.notOk(isProductOnSale(service, true, [{ onSale: false }]), 'its own flag does not count');
  t.ok(isProductOnSale(digital, true, []), 'digital by its own flag');
  t.notOk(isProductOnSale(giftCard, true, sale), 'gift cards never');

  const none = { unlimited: false, qtyInStock: 0 };
  t.ok(isVariantSoldOut(none));
  t.ok(isVariantSoldOut({ unlimited: false, qtyInStock: Number.NaN }), 'unreadable stock is none left');
  t.notOk(isVariantSoldOut({ unlimited: true, qtyInStock: 0 }));
  t.ok(isProductSoldOut(physical, [none, none]));
  t.notOk(isProductSoldOut(physical, [none, { unlimited: false, qtyInStock: 1 }]));
  t.notOk(isProductSoldOut(digital, []), 'digital never');
  t.notOk(isProductSoldOut(giftCard, []), 'gift cards never');
  t.ok(isProductSoldOut(undefined, []), 'no type cannot be bought');

  t.equal(currentPrice(1000, 800, true), 800);
  t.equal(currentPrice(1000, 800, false), 1000);
  t.equal(currentPrice(1000, null, true), 1000, 'no sale price set');
});
