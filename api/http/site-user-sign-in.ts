/**
 * Signing a user in on a request, shared by sign-in and sign-up: a new
 * session (never the one a cookie already names, so a session planted
 * before sign-in is worthless after it), the visitor's cart brought into
 * the account's, and the cookies. Also the brute-force limits every
 * password check of an account counts against.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../api-errors.ts';
import { CART_COOKIE } from '../cookie-names.ts';
import { adoptVisitorCart } from '../repositories/cart-ownership-repository.ts';
import { createSession, deleteSession } from '../repositories/site-user-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import { readCartCookie, setCartCookie } from './cart-cookie.ts';
import type { RateLimiter } from './rate-limits.ts';
import { readSessionCookie, setSiteUserCookies } from './site-user-cookies.ts';

/** Opens a session for the user and answers the spec's { xsrfToken } (section 3, login). */
export async function signInAs(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  user: { websiteId: string; id: string },
  rememberMe: boolean,
): Promise<{ xsrfToken: string }> {
  const previous = readSessionCookie(request);
  if (previous !== undefined) await deleteSession(db, user.websiteId, previous);
  const session = await createSession(db, user.websiteId, user.id, { rememberMe });
  // The user was found or made on this website a moment ago; only a concurrent deletion gets here.
  if (!session) throw new ApiError('sign-in-failed');
  const visitorCart = readCartCookie(request);
  const cartId = await adoptVisitorCart(db, user.websiteId, user.id, visitorCart);
  setSiteUserCookies(request, reply, { token: session.token, siteUserId: user.id, rememberMe });
  if (cartId !== undefined && cartId !== visitorCart) setCartCookie(request, reply, cartId);
  // The cookie named a cart that cannot be this user's (another user's, a purchased one): let it go.
  if (cartId === undefined && visitorCart !== undefined) reply.clearCookie(CART_COOKIE, { path: '/' });
  reply.header('cache-control', 'no-store');
  return { xsrfToken: session.xsrfToken };
}

/**
 * Counts one password check against the client's address and against the
 * account (by its email, hashed, so no address is kept in the store), with
 * the sign-in message over either. Counted before the check, so a locked
 * account cannot be probed further.
 */
export async function countPasswordCheck(
  limiter: RateLimiter,
  request: FastifyRequest,
  websiteId: string,
  email: string,
): Promise<void> {
  await limited(() => limiter.byAddress('sign-in', request));
  await limited(() => limiter.check('sign-in-account', accountKey(websiteId, email)));
}

/** An account's key in the shared store: a hash, so no email address sits in Redis. */
export function accountKey(websiteId: string, email: string): string {
  return createHash('sha256').update(`${websiteId}\0${email.trim().toLowerCase()}`).digest('hex');
}

async function limited(count: () => Promise<void>): Promise<void> {
  try {
    await count();
  } catch (error) {
    if (error instanceof ApiError && error.code === 'rate-limited') {
      throw new ApiError('sign-in-rate-limited', { retryAfterSeconds: error.retryAfterSeconds });
    }
    throw error;
  }
}
