/** The floating cart pill (spec sections 2, 4, 9): hidden at 0 items, links to the cart page. */
import { formatMinorUnits } from '../../domain/money/minor-units-text.ts';
import { cartCountText, cartSpokenLabel } from '../../shared/cart-count.ts';
import { cartQuantityOf } from '../cart-store.ts';
import type { IslandProps } from '../island-types.ts';
import { useCart } from '../use-cart.ts';

export const CART_PAGE_PATH = '/cart';

export function CartPill({ context }: IslandProps) {
  const state = useCart(context.cartStore);
  const count = cartQuantityOf(state);
  const cart = state.cart;
  const hidden = state.status !== 'loaded' || count === 0;
  const subtotal = cart
    ? formatMinorUnits(cart.subtotalCents, cart.currency, document.documentElement.lang || undefined)
    : '';
  return (
    <a
      className="sqs-cart-pill"
      href={CART_PAGE_PATH}
      hidden={hidden}
      aria-label={cartSpokenLabel(count)}
      data-cart-pill-count={hidden ? undefined : count}
    >
      <span className="sqs-cart-pill__count" aria-hidden="true">
        {cartCountText(count)}
      </span>
      {subtotal ? (
        <span className="sqs-cart-pill__subtotal" aria-hidden="true">
          {subtotal}
        </span>
      ) : null}
    </a>
  );
}
