/**
 * The header cart indicator (templates/default/header.region, [data-cart-indicator]):
 * the item count and the subtotal (spec section 2). The server prints the
 * count and the spoken label as the link's aria-label; once the cart is
 * known the island shows the count and the subtotal and names the link by
 * its own text instead (the spec's spoken wording, hidden, then the
 * subtotal as seen), because an aria-label without the subtotal would not
 * contain what the visitor sees. The initialized and empty markers are set
 * on the server-rendered link.
 */
import { useLayoutEffect } from 'react';
import { cartCountText, cartSpokenLabel } from '../../shared/cart-count.ts';
import { cartQuantityOf } from '../cart-store.ts';
import { cartSubtotalText } from '../cart-subtotal-text.ts';
import type { IslandProps } from '../island-types.ts';
import { useCart } from '../use-cart.ts';

export const INITIALIZED_ATTRIBUTE = 'data-cart-initialized';
export const EMPTY_ATTRIBUTE = 'data-cart-empty';

export function CartIndicator({ element, context, initialText }: IslandProps & { initialText: string | null }) {
  const state = useCart(context.cartStore);
  const loaded = state.status === 'loaded';
  const count = cartQuantityOf(state);
  const subtotal = count > 0 ? cartSubtotalText(state.cart, element.ownerDocument) : '';

  useLayoutEffect(() => {
    if (!loaded) return;
    element.setAttribute(INITIALIZED_ATTRIBUTE, '');
    element.removeAttribute('aria-label');
    element.toggleAttribute(EMPTY_ATTRIBUTE, count === 0);
  }, [element, loaded, count]);

  // Until the first sync, show what the server printed (nothing when it knew of no cart).
  if (!loaded) return initialText === null ? null : <span className="sqs-cart-quantity">{initialText}</span>;
  return (
    <>
      <span className="sqs-cart-quantity" aria-hidden="true">
        {cartCountText(count)}
      </span>
      <span className="visually-hidden">{`${cartSpokenLabel(count)}${subtotal ? ', subtotal ' : ''}`}</span>
      {subtotal ? <span className="cart-indicator__subtotal">{subtotal}</span> : null}
    </>
  );
}
