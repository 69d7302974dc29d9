/**
 * The calls behind the account links mailed to a site user: asking for a
 * password-reset link and setting a new password with it, and confirming
 * the email address (and asking for that mail again). A link's token works
 * once (site-user-repository.ts deletes it as it is used).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { emailProblem, newPasswordProblem } from '../../shared/site-user-validation.ts';
import { ApiError } from '../api-errors.ts';
import { findSiteUserByEmail, resetPassword, verifyEmail } from '../repositories/site-user-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import { mailAccountLink } from '../services/account-link-service.ts';
import type { RateLimiter } from './rate-limits.ts';
import { requireSite } from './site.ts';
import { ACCOUNT_PATH, accountJson, linkSite } from './site-user-account-routes.ts';
import { requireSignedIn } from './site-user-session.ts';
import { accountKey } from './site-user-sign-in.ts';
import { parseInput } from './validation.ts';

export const PASSWORD_RESET_PATH = `${ACCOUNT_PATH}/password-reset`;
export const EMAIL_VERIFICATION_PATH = `${ACCOUNT_PATH}/email-verification`;

// Our tokens are 43 base64url characters; a mangled link gets the link message, not a schema error.
const token = z.string().max(200);
const resetRequestBody = z.object({ email: z.string().max(1000) });
const resetBody = z.object({ token, password: z.string().max(1000) });
const verifyBody = z.object({ token });

const ANONYMOUS = { config: { withoutSiteUserXsrf: true } };

export async function siteUserLinkRoutes(
  app: FastifyInstance,
  options: { db: Db; limiter: RateLimiter },
): Promise<void> {
  const { db, limiter } = options;

  // Answers the same whether or not the address has an account, so it cannot be used to find out.
  app.post(PASSWORD_RESET_PATH, ANONYMOUS, async (request) => {
    const body = parseInput(resetRequestBody, request.body);
    const problem = emailProblem(body.email);
    if (problem !== null) throw new ApiError('account-email-invalid', { fields: { email: problem } });
    const site = await requireSite(db, request);
    const email = body.email.trim();
    await limiter.byAddress('account-mail', request);
    await limiter.check('account-mail', accountKey(site.website.id, email));
    const user = await findSiteUserByEmail(db, site.website.id, email);
    if (user) await mailAccountLink(db, 'password-reset', linkSite(request, site.website), user);
    return { sent: true };
  });

  app.post(`${PASSWORD_RESET_PATH}/complete`, ANONYMOUS, async (request) => {
    const body = parseInput(resetBody, request.body);
    const problem = newPasswordProblem(body.password);
    if (problem !== null) throw new ApiError('account-input-invalid', { fields: { password: problem } });
    const site = await requireSite(db, request);
    const user = await resetPassword(db, site.website.id, body.token, body.password);
    if (!user) throw new ApiError('account-link-invalid');
    return { passwordReset: true };
  });

  app.post(EMAIL_VERIFICATION_PATH, ANONYMOUS, async (request) => {
    const body = parseInput(verifyBody, request.body);
    const site = await requireSite(db, request);
    const user = await verifyEmail(db, site.website.id, body.token);
    if (!user) throw new ApiError('account-link-invalid');
    return accountJson(user);
  });

  app.post(`${EMAIL_VERIFICATION_PATH}/send`, async (request) => {
    const { site, session } = await requireSignedIn(db, request);
    if (session.user.emailVerifiedOn !== null) return { sent: false, emailVerified: true };
    await limiter.byAddress('account-mail', request);
    await limiter.check('account-mail', accountKey(site.website.id, session.user.email));
    await mailAccountLink(db, 'email-verification', linkSite(request, site.website), session.user);
    return { sent: true, emailVerified: false };
  });
}
