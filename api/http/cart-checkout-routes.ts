/**
 * Where a cart goes, how, and its discount codes, as JSON calls beside the
 * cart calls of spec section 7 (the spec names no call for them, so they
 * follow the cart's: the same cart, found the same way, and the same
 * answer, { shoppingCart }, priced with its shipping options, tax rules and
 * coupons). A refused change answers 400 with a message per field and
 * leaves the cart as it was.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../api-errors.ts';
import type { Db } from '../repositories/transaction.ts';
import { pricedCartJson } from '../services/cart-pricing-service.ts';
import { findVisitorCart } from '../services/cart-service.ts';
import { applyCartChoices, type ChoiceRequest } from '../services/checkout-choices.ts';
import { readCartCookie } from './cart-cookie.ts';
import { requireSite } from './site.ts';
import { parseInput } from './validation.ts';

export interface CartCheckoutRoutesOptions {
  db: Db;
}

const text = (max: number) => z.string().max(max);
const locationBody = z.object({
  country: text(100),
  region: text(100).nullish(),
  postalCode: text(20).nullish(),
});
const optionBody = z.object({ shippingOptionId: text(64).min(1) });
const couponBody = z.object({ code: text(100) });
const couponParams = z.object({ code: text(100) });

export async function cartCheckoutRoutes(app: FastifyInstance, options: CartCheckoutRoutesOptions): Promise<void> {
  const { db } = options;

  async function change(request: Parameters<typeof requireSite>[1], choice: ChoiceRequest) {
    const site = await requireSite(db, request);
    const cart = await findVisitorCart(db, site.website.id, readCartCookie(request));
    if (!cart) throw new ApiError('cart-not-found');
    const result = await applyCartChoices(db, site, cart, choice);
    if (!result.ok) {
      // The body names the code `code`; the form (and the service) `discountCode`.
      const { discountCode, ...rest } = result.errors;
      const fields: Record<string, string> = discountCode === undefined ? rest : { ...rest, code: discountCode };
      const code =
        discountCode !== undefined
          ? 'discount-code-unknown'
          : fields.shippingOption !== undefined
            ? 'shipping-option-unavailable'
            : 'shipping-location-invalid';
      throw new ApiError(code, { fields, params: { code: (choice.discountCode ?? '').trim().toUpperCase() } });
    }
    return { shoppingCart: pricedCartJson(result.priced) };
  }

  app.put('/api/commerce/shopping-cart/shipping-location', async (request) => {
    const body = parseInput(locationBody, request.body);
    return change(request, {
      place: { country: body.country, region: body.region ?? '', postalCode: body.postalCode ?? '' },
    });
  });

  app.put('/api/commerce/shopping-cart/shipping-option', async (request) => {
    const body = parseInput(optionBody, request.body);
    return change(request, { shippingOptionId: body.shippingOptionId });
  });

  app.post('/api/commerce/shopping-cart/coupons', async (request) => {
    const body = parseInput(couponBody, request.body);
    if (body.code.trim() === '')
      throw new ApiError('discount-code-blank', { fields: { code: 'Enter a discount code.' } });
    return change(request, { discountCode: body.code });
  });

  app.delete('/api/commerce/shopping-cart/coupons/:code', async (request) => {
    const { code } = parseInput(couponParams, request.params);
    return change(request, { removeCode: code });
  });
}
