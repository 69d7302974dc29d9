/**
 * The header cart indicator (templates/default/header.region, [data-cart-indicator]).
 * The island renders only the count; the link's own attributes (aria label,
 * initialized and empty markers) are set on the server-rendered element.
 */
import { useLayoutEffect } from 'react';
import { cartCountText, cartSpokenLabel } from '../../shared/cart-count.ts';
import { cartQuantityOf } from '../cart-store.ts';
import type { IslandProps } from '../island-types.ts';
import { useCart } from '../use-cart.ts';

export const INITIALIZED_ATTRIBUTE = 'data-cart-initialized';
export const EMPTY_ATTRIBUTE = 'data-cart-empty';

export function CartIndicator({ element, context, initialText }: IslandProps & { initialText: string | null }) {
  const state = useCart(context.cartStore);
  const loaded = state.status === 'loaded';
  const count = cartQuantityOf(state);

  useLayoutEffect(() => {
    if (!loaded) return;
    element.setAttribute(INITIALIZED_ATTRIBUTE, '');
    element.setAttribute('aria-label', cartSpokenLabel(count));
    element.toggleAttribute(EMPTY_ATTRIBUTE, count === 0);
  }, [element, loaded, count]);

  // Until the first sync, show what the server printed (nothing when it knew of no cart).
  if (!loaded && initialText === null) return null;
  return <span className="sqs-cart-quantity">{loaded ? cartCountText(count) : initialText}</span>;
}
