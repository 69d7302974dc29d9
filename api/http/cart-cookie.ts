import type { FastifyReply, FastifyRequest } from 'fastify';
import { CART_COOKIE } from '../cookie-names.ts';

export function readCartCookie(request: FastifyRequest): string | undefined {
  return request.cookies[CART_COOKIE];
}

/** The cart id is a random 96-bit id, so the cookie itself is the visitor's proof of owning the cart. */
export function setCartCookie(request: FastifyRequest, reply: FastifyReply, cartId: string): void {
  reply.setCookie(CART_COOKIE, cartId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}
