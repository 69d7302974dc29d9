/**
 * The crumb (CSRF token): a random cookie the first HTML page sets, which
 * every write under /api must echo in the X-CSRF-Token header (or a
 * `crumb` field of a form-encoded body). A page on another origin can make
 * the browser send the cookie but cannot read it to echo it.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../api-errors.ts';

export const CRUMB_COOKIE = 'crumb';
export const CRUMB_HEADER = 'x-csrf-token';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The crumb this request's page echoes: the visitor's cookie, or a new one
     * that the HTML response sets, so even the first page's forms carry it.
     */
    crumb: string;
  }
}

/** Gives each request its crumb and sets the cookie on HTML responses to visitors who lack one; app-wide. */
export const crumbCookie = fp(
  async (app: FastifyInstance) => {
    // Made on first use: most requests (pictures, scripts, API reads) never need one.
    const made = new WeakMap<FastifyRequest, string>();
    app.decorateRequest('crumb', {
      getter(this: FastifyRequest): string {
        let crumb = made.get(this);
        if (crumb === undefined) {
          crumb = readCrumbCookie(this.headers.cookie) ?? randomBytes(16).toString('hex');
          made.set(this, crumb);
        }
        return crumb;
      },
    });
    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const type = reply.getHeader('content-type');
      if (typeof type !== 'string' || !type.startsWith('text/html')) return payload;
      if (readCrumbCookie(request.headers.cookie)) return payload;
      const cookie = fastifyCookie.serialize(CRUMB_COOKIE, request.crumb, {
        path: '/',
        sameSite: 'lax',
        // The page's scripts read it to echo it, so it cannot be httpOnly.
        httpOnly: false,
        secure: request.protocol === 'https',
      });
      const existing = reply.getHeader('set-cookie');
      const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
      reply.header('set-cookie', [...list, cookie]);
      return payload;
    });
  },
  { name: 'crumb-cookie' },
);

function readCrumbCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = fastifyCookie.parse(header)[CRUMB_COOKIE];
  return value && /^[0-9a-f]{32}$/.test(value) ? value : undefined;
}

/** Throws the spec's crumb-failure message unless the request echoes its crumb cookie. */
export function verifyCrumb(request: FastifyRequest): void {
  const cookieHeader = request.headers.cookie;
  if (!cookieHeader || cookieHeader.trim() === '') throw new ApiError('cookies-disabled');
  const expected = readCrumbCookie(cookieHeader);
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
