/**
 * The answers the checkout's form posts share (checkout-routes.ts and
 * payment-step-routes.ts): every one is a redirect to a page, so Back or
 * reload never sends a form again.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CART_COOKIE } from '../api/cookie-names.ts';

/** After a POST the browser must not keep or resubmit anything: 303 turns the next request into a GET. */
export function seeOther(reply: FastifyReply, location: string): FastifyReply {
  return reply.code(303).header('location', location).header('cache-control', 'no-store').send();
}

/** The checkout page showing a form that placed no order; a cart named by token stays named. */
export function checkoutAttemptUrl(attempt: string, cartToken: string | undefined): string {
  const query = new URLSearchParams(cartToken ? { cartToken, attempt } : { attempt });
  return `/checkout?${query}`;
}

/** The cart cookie named the cart just bought: the visitor starts a new one. */
export function clearCartCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(CART_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
}

/** A payment that failed, as the checkout page's alert says it: the provider's words, and that nothing is lost. */
export function paymentFailedAlert(message: string): { message: string; detail: string } {
  return {
    message,
    detail: 'No order was placed and your cart is as it was. Check your card details, or use another card.',
  };
}
