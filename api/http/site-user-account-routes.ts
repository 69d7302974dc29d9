/**
 * A site user's own account: sign-up (which also signs in), the profile,
 * the password and the language (spec section 7's
 * POST /api/site-users/account/locale). Every call but sign-up needs a
 * signed-in user, and its writes the XSRF header (site-user-session.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { memberLanguage } from '../../shared/member-language.ts';
import { SITE_USER_MESSAGES } from '../../shared/site-user-messages.ts';
import { emailProblem, fieldProblems, nameProblem, newPasswordProblem } from '../../shared/site-user-validation.ts';
import { ApiError } from '../api-errors.ts';
import { changePassword, createSiteUser, type SiteUser, updateSiteUser } from '../repositories/site-user-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import { mailAccountLink } from '../services/account-link-service.ts';
import type { RateLimiter } from './rate-limits.ts';
import { requireSite } from './site.ts';
import { requireSignedIn } from './site-user-session.ts';
import { countPasswordCheck, signInAs } from './site-user-sign-in.ts';
import { parseInput } from './validation.ts';

export const ACCOUNT_PATH = '/api/site-users/account';

const text = z.string().max(1000);
const signUpBody = z.object({ email: text, password: text, name: text, rememberMe: z.boolean().optional() });
const profileBody = z.object({ name: text });
const passwordBody = z.object({ currentPassword: text, newPassword: text });
const localeBody = z.object({ language: z.string().max(100) });

/** The account as its owner sees it; never the hash. */
export function accountJson(user: SiteUser) {
  return {
    siteUserId: user.id,
    email: user.email,
    name: user.displayName,
    locale: user.locale,
    emailVerified: user.emailVerifiedOn !== null,
  };
}

/** Where links in mail point: the origin the visitor called, whose host requireSite found the website by. */
export function linkSite(request: FastifyRequest, website: { id: string; siteTitle: string }) {
  return { id: website.id, siteTitle: website.siteTitle, origin: `${request.protocol}://${request.host}` };
}

export async function siteUserAccountRoutes(
  app: FastifyInstance,
  options: { db: Db; limiter: RateLimiter },
): Promise<void> {
  const { db, limiter } = options;

  app.post(ACCOUNT_PATH, { config: { withoutSiteUserXsrf: true } }, async (request, reply) => {
    const body = parseInput(signUpBody, request.body);
    const problems = fieldProblems({
      email: emailProblem(body.email),
      password: newPasswordProblem(body.password),
      name: nameProblem(body.name),
    });
    if (Object.keys(problems).length > 0) throw new ApiError('account-input-invalid', { fields: problems });
    const site = await requireSite(db, request);
    await limiter.byAddress('sign-up', request);
    const created = await createSiteUser(db, site.website.id, {
      email: body.email.trim(),
      password: body.password,
      displayName: body.name.trim(),
    });
    if (!created.ok)
      throw new ApiError('account-email-taken', { fields: { email: 'This email already has an account.' } });
    await mailAccountLink(db, 'email-verification', linkSite(request, site.website), created.user);
    const { xsrfToken } = await signInAs(db, request, reply, created.user, body.rememberMe ?? false);
    reply.code(201);
    return { xsrfToken, siteUserId: created.user.id };
  });

  app.get(ACCOUNT_PATH, async (request, reply) => {
    const { session } = await requireSignedIn(db, request);
    reply.header('cache-control', 'no-store');
    return accountJson(session.user);
  });

  app.put(`${ACCOUNT_PATH}/profile`, async (request) => {
    const { site, session } = await requireSignedIn(db, request);
    const body = parseInput(profileBody, request.body);
    const problem = nameProblem(body.name);
    if (problem !== null) throw new ApiError('account-input-invalid', { fields: { name: problem } });
    const user = await updateSiteUser(db, site.website.id, session.siteUserId, { displayName: body.name.trim() });
    if (!user) throw new ApiError('not-signed-in');
    return accountJson(user);
  });

  app.put(`${ACCOUNT_PATH}/password`, async (request) => {
    const { site, session, token } = await requireSignedIn(db, request);
    const body = parseInput(passwordBody, request.body);
    const problems = fieldProblems({
      currentPassword: body.currentPassword === '' ? SITE_USER_MESSAGES.passwordMissing : null,
      newPassword: newPasswordProblem(body.newPassword),
    });
    if (Object.keys(problems).length > 0) throw new ApiError('account-input-invalid', { fields: problems });
    // A stolen session must not become a way around the sign-in limits to guess the password.
    await countPasswordCheck(limiter, request, site.website.id, session.user.email);
    const changed = await changePassword(db, site.website.id, session.siteUserId, {
      current: body.currentPassword,
      next: body.newPassword,
      keepSessionToken: token,
    });
    if (!changed.ok) {
      if (changed.reason === 'user-not-found') throw new ApiError('not-signed-in');
      throw new ApiError('current-password-incorrect', {
        fields: { currentPassword: SITE_USER_MESSAGES.currentPasswordIncorrect },
      });
    }
    return { passwordChanged: true };
  });

  app.post(`${ACCOUNT_PATH}/locale`, async (request) => {
    const { site, session } = await requireSignedIn(db, request);
    const body = parseInput(localeBody, request.body);
    const checked = memberLanguage(body.language);
    if (!checked.ok && checked.reason === 'custom') {
      throw new ApiError('language-custom', { fields: { language: SITE_USER_MESSAGES.languageCustom } });
    }
    if (!checked.ok)
      throw new ApiError('language-invalid', { fields: { language: SITE_USER_MESSAGES.languageInvalid } });
    const user = await updateSiteUser(db, site.website.id, session.siteUserId, { locale: checked.language });
    if (!user) throw new ApiError('not-signed-in');
    return { language: checked.language };
  });
}
