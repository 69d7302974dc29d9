/**
 * POST /newsletter/unsubscribe?token=…: leaving a website's mailing list.
 * GET of the same address is the newsletter-unsubscribe page (300), which
 * only asks: mail scanners follow links, so a GET never unsubscribes. Two
 * kinds of POST do:
 *
 * - the page's button, a plain form (no script needed), answered with a
 *   redirect back to the page, which then says the address is off the list;
 * - a mail program's one-click unsubscribe (RFC 8058): the body
 *   'List-Unsubscribe=One-Click', form-encoded or multipart, without cookies,
 *   answered with a short text.
 *
 * The signed token is what allows it (api/services/unsubscribe-links.ts):
 * it is the server's HMAC of the address for this website, so no crumb is
 * asked for, and the mail program's post, which carries none, works. A
 * token whose signature does not hold changes nothing.
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { BODY_LIMITS } from '../api/http/body-limits.ts';
import type { RateLimiter } from '../api/http/rate-limits.ts';
import { unsubscribe } from '../api/repositories/mailing-list-repository.ts';
import type { Db } from '../api/repositories/transaction.ts';
import type { WebsiteWithSettings } from '../api/repositories/website-repository.ts';
import { readUnsubscribeToken, UNSUBSCRIBE_PATH } from '../api/services/unsubscribe-links.ts';
import { seeOther } from './checkout-answers.ts';

export interface UnsubscribeRoutesOptions {
  db: Db;
  secret: string;
  limiter: RateLimiter;
  siteFor(host: string): Promise<WebsiteWithSettings | undefined>;
}

export const ONE_CLICK_TEXT = {
  done: 'You are unsubscribed. No more newsletters will be sent to this address.\n',
  refused: 'This unsubscribe link is not valid, so nothing was changed.\n',
} as const;

/** RFC 8058's body, in either encoding a mail program may use. */
function isOneClick(body: unknown): boolean {
  if (typeof body === 'string') {
    return /name="List-Unsubscribe"\r?\n(?:[^\r\n]+\r?\n)*\r?\nOne-Click\r?\n/.test(body);
  }
  const value = (body as Record<string, unknown> | undefined)?.['List-Unsubscribe'];
  return (Array.isArray(value) ? value[0] : value) === 'One-Click';
}

export async function unsubscribeRoutes(app: FastifyInstance, options: UnsubscribeRoutesOptions): Promise<void> {
  app.removeAllContentTypeParsers();
  await app.register(formbody, { bodyLimit: BODY_LIMITS.form });
  // A one-click post may come as multipart: read as text, only to find its one field.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
    done(null, body),
  );

  app.post(UNSUBSCRIBE_PATH, async (request, reply) => {
    // A mail provider posts the one-click unsubscribes of all its users from a few addresses: the loose
    // limit of API writes, not a site form's handful.
    await options.limiter.byAddress('api-write', request);
    const site = await options.siteFor(request.host);
    if (!site) return reply.code(404).type('text/plain; charset=utf-8').send('No website answers at this address.\n');
    const token = new URL(request.url, 'http://localhost').searchParams.get('token') ?? '';
    const email = readUnsubscribeToken(options.secret, site.website.id, token);
    if (email !== undefined) await unsubscribe(options.db, site.website.id, email);
    if (isOneClick(request.body)) {
      return reply
        .code(email === undefined ? 400 : 200)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(email === undefined ? ONE_CLICK_TEXT.refused : ONE_CLICK_TEXT.done);
    }
    // The page again: it says the address is off the list, or that the link is not valid.
    return seeOther(reply, `${UNSUBSCRIBE_PATH}?${new URLSearchParams({ token })}`);
  });
}
