/**
 * The floating cart pill (spec sections 2 and 4): hidden at 0 items, links
 * to the cart page. It sits in its own landmark (mount.tsx makes the
 * marker an aside named 'Cart'), and its name is its own text: the visible
 * count and subtotal with the spec's spoken wording between them for
 * screen readers, so what a visitor sees is part of what is announced
 * (an aria-label of the count alone left the subtotal out). It keeps off
 * the page's buttons, fields and forms (pill-keep-clear.ts); mount.tsx
 * leaves it off the cart and checkout pages, whose summaries it covered.
 */
import { useLayoutEffect, useRef } from 'react';
import { cartCountText, cartSpokenLabel } from '../../shared/cart-count.ts';
import { cartQuantityOf } from '../cart-store.ts';
import { cartSubtotalText } from '../cart-subtotal-text.ts';
import type { IslandProps } from '../island-types.ts';
import { keepPillClear } from '../pill-keep-clear.ts';
import { useCart } from '../use-cart.ts';

export const CART_PAGE_PATH = '/cart';

export function CartPill({ element, context }: IslandProps) {
  const state = useCart(context.cartStore);
  const count = cartQuantityOf(state);
  const hidden = state.status !== 'loaded' || count === 0;
  const subtotal = cartSubtotalText(state.cart, element.ownerDocument);
  const link = useRef<HTMLAnchorElement>(null);

  // An empty landmark is noise for screen-reader users: the aside goes with the pill.
  useLayoutEffect(() => {
    element.hidden = hidden;
  }, [element, hidden]);

  useLayoutEffect(() => {
    if (hidden || !link.current) return;
    return keepPillClear(link.current);
  }, [hidden]);

  return (
    <a
      ref={link}
      className="sqs-cart-pill"
      href={CART_PAGE_PATH}
      hidden={hidden}
      data-cart-pill-count={hidden ? undefined : count}
    >
      <span className="sqs-cart-pill__count" aria-hidden="true">
        {cartCountText(count)}
      </span>
      <span className="visually-hidden">{`${cartSpokenLabel(count)}${subtotal ? ', subtotal ' : ''}`}</span>
      {subtotal ? <span className="sqs-cart-pill__subtotal">{subtotal}</span> : null}
    </a>
  );
}
