/**
 * Gift cards on the visitor's cart, as JSON calls beside the coupons'
 * (cart-checkout-routes.ts): POST /api/commerce/shopping-cart/gift-cards
 * { code } applies one, DELETE .../gift-cards/{id} takes one off. The
 * answer is the priced cart, { shoppingCart }, whose giftCards, giftCardCents
 * and amountDueCents say what the cards pay and what is left. A refused code
 * answers 400 with its message (also as fields.code) and leaves the cart as
 * it was.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { GIFT_CARD_CODE_INPUT_MAX, GIFT_CARD_MESSAGES } from '../../domain/checkout/gift-cards.ts';
import { ApiError, type ApiErrorCode } from '../api-errors.ts';
import type { Db } from '../repositories/transaction.ts';
import { pricedCartJson } from '../services/cart-pricing-service.ts';
import { findVisitorCart } from '../services/cart-service.ts';
import { applyCartChoices, type ChoiceRequest } from '../services/checkout-choices.ts';
import type { GiftCardRefusal } from '../services/gift-card-choices.ts';
import { readCartCookie } from './cart-cookie.ts';
import type { RateLimiter } from './rate-limits.ts';
import { requireSite } from './site.ts';
import { parseInput } from './validation.ts';

export interface GiftCardCartRoutesOptions {
  db: Db;
  limiter: RateLimiter;
}

const REFUSAL_CODES: Record<GiftCardRefusal, ApiErrorCode> = {
  unknown: 'gift-card-unknown',
  'too-many': 'gift-card-too-many',
  'other-currency': 'gift-card-other-currency',
  'no-balance': 'gift-card-no-balance',
  'only-gift-cards': 'gift-card-only-gift-cards',
  'nothing-to-pay': 'gift-card-nothing-to-pay',
};

const codeBody = z.object({ code: z.string().max(GIFT_CARD_CODE_INPUT_MAX) });
const idParams = z.object({ id: z.string().max(64) });

export async function giftCardCartRoutes(app: FastifyInstance, options: GiftCardCartRoutesOptions): Promise<void> {
  const { db } = options;

  async function change(request: FastifyRequest, choice: ChoiceRequest) {
    const site = await requireSite(db, request);
    const cart = await findVisitorCart(db, site.website.id, readCartCookie(request));
    if (!cart) throw new ApiError('cart-not-found');
    const result = await applyCartChoices(db, site, cart, choice);
    if (!result.ok) {
      const refused = result.giftCardRefused;
      if (!refused) throw new ApiError('invalid-body');
      throw new ApiError(REFUSAL_CODES[refused.refusal], {
        params: refused.params,
        fields: { code: refused.message },
      });
    }
    return { shoppingCart: pricedCartJson(result.priced) };
  }

  app.post('/api/commerce/shopping-cart/gift-cards', async (request) => {
    const body = parseInput(codeBody, request.body);
    if (body.code.trim() === '') {
      throw new ApiError('gift-card-code-blank', { fields: { code: GIFT_CARD_MESSAGES.blank } });
    }
    // Codes are 80 random bits, so guessing is hopeless; the limit keeps anyone from trying at scale.
    await options.limiter.byAddress('gift-card-code', request);
    return change(request, { giftCardCode: body.code });
  });

  app.delete('/api/commerce/shopping-cart/gift-cards/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    return change(request, { removeGiftCard: id });
  });
}
