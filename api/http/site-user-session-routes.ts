/**
 * Signing in and out (spec section 7): POST /api/site-users/account/session
 * with email, password and rememberMe answers { xsrfToken }; DELETE with
 * ?cloneCart=true leaves the signed-out visitor a copy of the cart.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SITE_USER_MESSAGES } from '../../shared/site-user-messages.ts';
import { emailProblem, fieldProblems } from '../../shared/site-user-validation.ts';
import { ApiError } from '../api-errors.ts';
import { CART_COOKIE } from '../cookie-names.ts';
import { copyCart } from '../repositories/cart-ownership-repository.ts';
import { deleteSession, findSession, verifyCredentials } from '../repositories/site-user-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import { readCartCookie, setCartCookie } from './cart-cookie.ts';
import type { RateLimiter } from './rate-limits.ts';
import { requireSite } from './site.ts';
import { clearSiteUserCookies, readSessionCookie } from './site-user-cookies.ts';
import { countPasswordCheck, signInAs } from './site-user-sign-in.ts';
import { parseInput } from './validation.ts';

export const SESSION_PATH = '/api/site-users/account/session';

// Generous caps: the real rules are checked below with their own messages.
const signInBody = z.object({
  email: z.string().max(1000),
  password: z.string().max(1000),
  rememberMe: z.boolean().optional(),
});
const signOutQuery = z.object({ cloneCart: z.enum(['true', 'false']).optional() });

export async function siteUserSessionRoutes(
  app: FastifyInstance,
  options: { db: Db; limiter: RateLimiter },
): Promise<void> {
  const { db, limiter } = options;

  app.post(SESSION_PATH, { config: { withoutSiteUserXsrf: true } }, async (request, reply) => {
    const body = parseInput(signInBody, request.body);
    const problems = fieldProblems({
      email: emailProblem(body.email),
      password: body.password === '' ? SITE_USER_MESSAGES.passwordMissing : null,
    });
    if (problems.email) throw new ApiError('account-email-invalid', { fields: problems });
    if (problems.password) throw new ApiError('account-input-invalid', { fields: problems });
    const site = await requireSite(db, request);
    const email = body.email.trim();
    await countPasswordCheck(limiter, request, site.website.id, email);
    const user = await verifyCredentials(db, site.website.id, email, body.password);
    if (!user) throw new ApiError('sign-in-failed');
    return signInAs(db, request, reply, user, body.rememberMe ?? false);
  });

  // No XSRF header asked: a visitor who lost the token must still be able to
  // sign out, and a forged sign-out (the crumb stops those too) harms nobody.
  app.delete(
    SESSION_PATH,
    { config: { withoutSiteUserXsrf: true, retriedOnCrumbFail: true } },
    async (request, reply) => {
      const query = parseInput(signOutQuery, request.query);
      const site = await requireSite(db, request);
      const websiteId = site.website.id;
      const token = readSessionCookie(request);
      const session = token === undefined ? undefined : await findSession(db, websiteId, token);
      if (token !== undefined) await deleteSession(db, websiteId, token);
      clearSiteUserCookies(request, reply);
      reply.header('cache-control', 'no-store');
      // A visitor who was not signed in keeps whatever cart they hold.
      if (!session) return { signedOut: false };
      const cartId = readCartCookie(request);
      let copyId: string | undefined;
      if (query.cloneCart === 'true' && cartId !== undefined) {
        await limiter.byAddress('cart-create', request);
        copyId = await copyCart(db, websiteId, cartId);
      }
      // The account's cart stays with the account, out of reach of whoever uses this browser next.
      if (copyId !== undefined) setCartCookie(request, reply, copyId);
      else if (cartId !== undefined) reply.clearCookie(CART_COOKIE, { path: '/' });
      return { signedOut: true };
    },
  );
}
