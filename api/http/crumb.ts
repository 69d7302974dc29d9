/**
 * The crumb (CSRF token): a per-visitor id and its HMAC under the server's
 * secret, set as a cookie by the first HTML page; every write under /api
 * must echo it in the X-CSRF-Token header (or a `crumb` field of a
 * form-encoded body). A page on another origin can make the browser send
 * the cookie but cannot read it to echo it, and a cookie planted by anyone
 * without the secret (a sibling subdomain, say) is no crumb at all.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../api-errors.ts';

export const CRUMB_COOKIE = 'crumb';
export const CRUMB_HEADER = 'x-csrf-token';

const VISITOR_ID = /^[0-9a-f]{32}$/;
/** Signed crumbs a process remembers having checked: about 1.5 MB at most. */
const KNOWN_CRUMBS = 10_000;
const CRUMB = /^([0-9a-f]{32})([0-9a-f]{32})$/;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Set on a call the client retries once when the answer says crumbFail
     * (spec section 4: sign-out): a crumb failure there sets a fresh crumb
     * cookie to retry with.
     */
    retriedOnCrumbFail?: boolean;
  }
  interface FastifyRequest {
    /**
     * The crumb this request's page echoes: the visitor's cookie, or a new one
     * that the HTML response sets, so even the first page's forms carry it.
     */
    crumb: string;
    /** The crumb cookie as sent, when this server signed it. */
    sentCrumb: string | undefined;
  }
}

/** The crumb of a visitor id: signCrumb(secret, 'ab…') → 'ab…' followed by 32 hex digits of HMAC. */
export function signCrumb(secret: string, visitorId: string): string {
  if (!VISITOR_ID.test(visitorId)) throw new Error('a visitor id is 32 hex digits');
  const mac = createHmac('sha256', secret).update(`crumb:${visitorId}`).digest('hex').slice(0, 32);
  return `${visitorId}${mac}`;
}

function isSigned(secret: string, crumb: string): boolean {
  const match = CRUMB.exec(crumb);
  return match !== null && sameText(signCrumb(secret, match[1]!), crumb);
}

export function crumbCookieOptions(request: FastifyRequest) {
  return {
    path: '/',
    sameSite: 'lax' as const,
    // The page's scripts read it to echo it, so it cannot be httpOnly.
    httpOnly: false,
    secure: request.protocol === 'https',
  };
}

/** Gives each request its crumb and sets the cookie on HTML responses to visitors who lack a good one; app-wide. */
export const crumbCookie = fp(
  async (app: FastifyInstance, options: { secret: string }) => {
    const { secret } = options;
    // A returning visitor sends the same crumb with every request; its HMAC is checked once, not on each
    // (a crumb signed under this secret stays so). Only signed ones are kept, so forged ones cannot fill it.
    const signed = new Set<string>();
    const readCookie = (request: FastifyRequest): string | undefined => {
      const header = request.headers.cookie;
      const value = header ? fastifyCookie.parse(header)[CRUMB_COOKIE] : undefined;
      if (value === undefined) return undefined;
      if (signed.has(value)) return value;
      if (!isSigned(secret, value)) return undefined;
      if (signed.size >= KNOWN_CRUMBS) signed.clear();
      signed.add(value);
      return value;
    };
    // Made on first use: most requests (pictures, scripts, API reads) never need one.
    const made = new WeakMap<FastifyRequest, string>();
    // Checked once per request: the page, the cookie hook and the checks under /api all ask.
    const sent = new WeakMap<FastifyRequest, string | undefined>();
    app.decorateRequest('sentCrumb', {
      getter(this: FastifyRequest): string | undefined {
        if (!sent.has(this)) sent.set(this, readCookie(this));
        return sent.get(this);
      },
    });
    app.decorateRequest('crumb', {
      getter(this: FastifyRequest): string {
        let crumb = made.get(this);
        if (crumb === undefined) {
          crumb = this.sentCrumb ?? signCrumb(secret, randomBytes(16).toString('hex'));
          made.set(this, crumb);
        }
        return crumb;
      },
    });
    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const type = reply.getHeader('content-type');
      if (typeof type !== 'string' || !type.startsWith('text/html')) return payload;
      if (request.sentCrumb) return payload;
      const cookie = fastifyCookie.serialize(CRUMB_COOKIE, request.crumb, crumbCookieOptions(request));
      const existing = reply.getHeader('set-cookie');
      const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
      reply.header('set-cookie', [...list, cookie]);
      return payload;
    });
  },
  { name: 'crumb-cookie' },
);

/** Throws the spec's crumb-failure message unless the request echoes its signed crumb cookie. */
export function verifyCrumb(request: FastifyRequest): void {
  const cookieHeader = request.headers.cookie;
  if (!cookieHeader || cookieHeader.trim() === '') throw new ApiError('cookies-disabled');
  const expected = request.sentCrumb;
  const header = request.headers[CRUMB_HEADER];
  let sent = typeof header === 'string' ? header : undefined;
  if (sent === undefined && request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
    const body = request.body as Record<string, unknown> | undefined;
    if (body && typeof body.crumb === 'string') sent = body.crumb;
  }
  if (!expected || !sent || !sameText(expected, sent)) throw new ApiError('crumb-failed');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
