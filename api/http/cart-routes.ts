/** The shopping-cart calls of spec section 7. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../api-errors.ts';
import type { ShoppingCart } from '../repositories/cart-repository.ts';
import { findOpenCartForSiteUser, removeEntry, updateEntryAdditionalFields } from '../repositories/cart-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import type { WebsiteWithSettings } from '../repositories/website-repository.ts';
import { pricedCartJson, priceShoppingCart } from '../services/cart-pricing-service.ts';
import {
  addToCart,
  changeQuantity,
  checkEntryFields,
  createSubscriptionCart,
  emptyCartJson,
  findVisitorCart,
  parseAdditionalFields,
} from '../services/cart-service.ts';
import { readCartCookie, setCartCookie } from './cart-cookie.ts';
import type { RateLimiter } from './rate-limits.ts';
import { requireSite } from './site.ts';
import { signedIn } from './site-user-session.ts';
import { parseInput } from './validation.ts';

export interface CartRoutesOptions {
  db: Db;
  limiter: RateLimiter;
}

const id = z.string().min(1).max(64);
const sku = z.string().max(200).nullish();
const additionalFields = z.string().max(100_000).nullish();

const addBody = z.object({ itemId: id, sku, quantity: z.unknown().optional(), additionalFields });
const subscriptionBody = z.object({ itemId: id, sku, qty: z.unknown().optional(), additionalFields });
const fieldsBody = z.object({ itemId: id.optional(), sku, additionalFields });
const quantityBody = z.object({ quantity: z.unknown() });
const entryParams = z.object({ entryId: id });
const cartQuery = z.object({
  calculateSubtotal: z.string().optional(),
  mock: z.string().optional(),
  timecode: z.string().optional(),
});

export async function cartRoutes(app: FastifyInstance, options: CartRoutesOptions): Promise<void> {
  const { db, limiter } = options;

  /** Every answer carries the cart priced under the store's rules: shipping options, tax, discounts (issue 20). */
  const cartJson = async (site: WebsiteWithSettings, cart: ShoppingCart) =>
    pricedCartJson(await priceShoppingCart(db, site, cart));

  /**
   * The cart the cookie names; for a signed-in user without one, their
   * account's open cart (spec section 6: the cart loads for authenticated
   * users or when a cart cookie exists).
   */
  async function visitorCart(request: Parameters<typeof requireSite>[1]) {
    const site = await requireSite(db, request);
    const cookieCart = readCartCookie(request);
    let cart = await findVisitorCart(db, site.website.id, cookieCart);
    const user = await signedIn(db, request);
    const siteUserId = user?.session.siteUserId;
    if (!cart && siteUserId !== undefined) cart = await findOpenCartForSiteUser(db, site.website.id, siteUserId);
    return { site, cart, siteUserId, fromAccount: cart !== undefined && cart.id !== cookieCart };
  }

  app.get('/api/commerce/shopping-cart', async (request, reply) => {
    parseInput(cartQuery, request.query);
    const { site, cart } = await visitorCart(request);
    reply.header('cache-control', 'no-store');
    // Subtotals are always exact and cheap here, so calculateSubtotal changes nothing.
    return cart ? cartJson(site, cart) : emptyCartJson(site.website.id, site.settings.baseCurrency);
  });

  app.post('/api/commerce/shopping-cart/entries', async (request, reply) => {
    const body = parseInput(addBody, request.body);
    const { site, cart, siteUserId, fromAccount } = await visitorCart(request);
    const added = await addToCart(db, site, cart, body, () => limiter.byAddress('cart-create', request), siteUserId);
    if (added.created || fromAccount) setCartCookie(request, reply, added.cart.id);
    return { shoppingCart: await cartJson(site, added.cart), newlyAdded: added.newlyAdded };
  });

  app.put('/api/commerce/shopping-cart/entries/:entryId/additionalFields', async (request) => {
    const { entryId } = parseInput(entryParams, request.params);
    const body = parseInput(fieldsBody, request.body);
    const { site, cart } = await visitorCart(request);
    const entry = cart?.entries.find((candidate) => candidate.id === entryId);
    if (!cart || !entry || (body.itemId !== undefined && body.itemId !== entry.itemId)) {
      throw new ApiError('entry-not-found');
    }
    const fields = checkEntryFields(entry.productType, parseAdditionalFields(body.additionalFields));
    const result = await updateEntryAdditionalFields(db, site.website.id, cart.id, entryId, fields);
    if (!result.ok) throw new ApiError('entry-not-found');
    const updated = (await findVisitorCart(db, site.website.id, cart.id))!;
    return {
      shoppingCart: await cartJson(site, updated),
      updatedEntry: updated.entries.find((candidate) => candidate.id === entryId)!,
    };
  });

  app.put('/api/commerce/shopping-cart/entries/:entryId', async (request) => {
    const { entryId } = parseInput(entryParams, request.params);
    const body = parseInput(quantityBody, request.body);
    const { site, cart } = await visitorCart(request);
    if (!cart) throw new ApiError('entry-not-found');
    return { shoppingCart: await cartJson(site, await changeQuantity(db, site, cart, entryId, body.quantity)) };
  });

  app.delete('/api/commerce/shopping-cart/entries/:entryId', async (request) => {
    const { entryId } = parseInput(entryParams, request.params);
    const { site, cart } = await visitorCart(request);
    if (!cart) throw new ApiError('entry-not-found');
    const result = await removeEntry(db, site.website.id, cart.id, entryId);
    if (!result.ok) throw new ApiError('entry-not-found');
    return { shoppingCart: await cartJson(site, (await findVisitorCart(db, site.website.id, cart.id))!) };
  });

  app.post('/api/3/commerce/cart/subscription', async (request) => {
    const body = parseInput(subscriptionBody, request.body);
    const site = await requireSite(db, request);
    return createSubscriptionCart(
      db,
      site,
      { itemId: body.itemId, sku: body.sku, quantity: body.qty, additionalFields: body.additionalFields },
      () => limiter.byAddress('cart-create', request),
    );
  });
}
