/**
 * POST /account/subscription: the buyer's subscription forms (pause,
 * resume, cancel, a new next billing date), plain forms that work without
 * script, from their account page or from the page an emailed link opens.
 * The crumb is checked as the API checks it; then who may act: the holder
 * of a valid signed link (its three fields come back as hidden fields), or
 * the signed-in site user whose subscription it is. Done, the browser goes
 * back to the page it came from with the notice (post/redirect/get);
 * refused, it is told why in a page of its own and nothing changed.
 *
 * Like checkout-routes.ts it lives with the pages because its answers are
 * pages, and registers the form-body parser in its own scope.
 */
import fastifyCookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from '../api/api-errors.ts';
import { isId } from '../api/db/ids.ts';
import { BODY_LIMITS } from '../api/http/body-limits.ts';
import { verifyCrumb } from '../api/http/crumb.ts';
import type { RateLimiter } from '../api/http/rate-limits.ts';
import { signedIn } from '../api/http/site-user-session.ts';
import type { Db } from '../api/repositories/transaction.ts';
import type { WebsiteWithSettings } from '../api/repositories/website-repository.ts';
import { checkSubscriptionLink, LINK_MESSAGES, SUBSCRIPTION_PAGE_PATH } from '../api/services/subscription-links.ts';
import { MANAGE_MESSAGES, type ManageActor, manageSubscription } from '../api/services/subscription-management.ts';
import { seeOther } from './checkout-answers.ts';
import { escapeHtml } from './escape-html.ts';
import { fallbackPageHtml } from './fallback-page.ts';

export interface SubscriptionRoutesOptions {
  db: Db;
  limiter: RateLimiter;
  siteFor(host: string): Promise<WebsiteWithSettings | undefined>;
  /** Checks the emailed links' signatures. */
  secret: string;
  /** The clock the link's expiry and the next date's window are read by. */
  now: () => Date;
}

/** The query parameter the page after a form reads its notice from (one of MANAGE_NOTICES' keys). */
export const SUBSCRIPTION_NOTICE_PARAM = 'subscriptionNotice';

export const SIGN_IN_TO_MANAGE = 'Sign in to manage your subscriptions, or use the link in your subscription emails.';

const HEADINGS: Record<number, string> = {
  400: 'Your subscription was not changed',
  403: 'You cannot change this subscription',
  404: 'Subscription not found',
};

type Body = Record<string, unknown>;

function field(body: Body, name: string): string {
  const raw = Object.hasOwn(body, name) ? body[name] : undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === 'string' ? value.trim() : '';
}

export async function subscriptionRoutes(app: FastifyInstance, options: SubscriptionRoutesOptions): Promise<void> {
  const { db } = options;
  await app.register(fastifyCookie);
  // A browser's form is form-encoded; JSON or text here is not one (415).
  app.removeAllContentTypeParsers();
  await app.register(formbody, { bodyLimit: BODY_LIMITS.form });

  app.post(SUBSCRIPTION_PAGE_PATH, async (request, reply) => {
    await options.limiter.byAddress('api-write', request);
    const site = await options.siteFor(request.host);
    if (!site) return reply.code(404).type('text/plain; charset=utf-8').send('No website answers at this address.\n');
    const refuse = (status: 400 | 403 | 404, message: string, back: string) =>
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          fallbackPageHtml({ siteTitle: site.website.siteTitle, heading: HEADINGS[status]!, message }).replace(
            '</main>',
            `<p><a href="${escapeHtml(back)}">Back to your subscription</a></p></main>`,
          ),
        );
    const body: Body = request.body !== null && typeof request.body === 'object' ? (request.body as Body) : {};
    const now = options.now();
    const linkFields = {
      subscription: field(body, 'subscription'),
      expires: field(body, 'expires'),
      signature: field(body, 'signature'),
    };
    const byLink = linkFields.signature !== '' || linkFields.expires !== '';
    const back = byLink ? `${SUBSCRIPTION_PAGE_PATH}?${new URLSearchParams(linkFields)}` : '/account';

    try {
      verifyCrumb(request);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return refuse(403, error.message, back);
    }

    let actor: ManageActor;
    if (byLink) {
      const check = checkSubscriptionLink(options.secret, site.website.id, linkFields, now);
      if (!check.ok) return refuse(403, LINK_MESSAGES[check.reason], back);
      actor = { kind: 'link' };
    } else {
      const buyer = await signedIn(db, request);
      if (!buyer || buyer.site.website.id !== site.website.id) return refuse(403, SIGN_IN_TO_MANAGE, back);
      actor = { kind: 'site-user', siteUserId: buyer.session.siteUserId };
    }
    if (!isId(linkFields.subscription)) return refuse(404, MANAGE_MESSAGES.notFound, back);

    const action = field(body, 'action');
    const result = await manageSubscription(
      db,
      site.website.id,
      linkFields.subscription,
      actor,
      { action, nextDate: field(body, 'nextDate') },
      now,
    );
    if (!result.ok) {
      const status =
        result.message === MANAGE_MESSAGES.notFound ? 404 : result.message === MANAGE_MESSAGES.notYours ? 403 : 400;
      return refuse(status, result.message, back);
    }
    return answerDone(reply, byLink ? linkFields : undefined, action);
  });
}

/** Back to the page the form was on, which shows the notice. */
function answerDone(
  reply: FastifyReply,
  link: { subscription: string; expires: string; signature: string } | undefined,
  action: string,
) {
  const query = new URLSearchParams(link ? { ...link } : {});
  query.set(SUBSCRIPTION_NOTICE_PARAM, action);
  const page = link ? SUBSCRIPTION_PAGE_PATH : '/account';
  return seeOther(reply, `${page}?${query}#subscriptions`);
}
