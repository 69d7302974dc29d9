import type { ShoppingCart } from '../../api/repositories/cart-repository.ts';
import type { ProductFacts } from '../../api/repositories/checkout-rules-repository.ts';
import type { PricedCart } from '../../api/services/cart-pricing-service.ts';
import type { CheckoutRules } from '../../domain/checkout/checkout-rules.ts';

/**
 * A cart's checkout prices, kept beside the very cart object they were worked
 * out for. The cart, the store's rules and the products' facts come from
 * memos that hand out the same object while nothing behind it changed
 * (cart-memo.ts, the content version's memo), so the same three objects price
 * the same, but for the clock: a discount that starts or ends moves the
 * prices, so a kept price holds only until the next such instant. Gift cards
 * are never kept, since their balances change without the cart. Repricing
 * the same cart was a seventh of a kept checkout page's CPU, and its fresh
 * objects made the page's key (visitor-data-key.ts) serialize anew each time.
 */
interface Kept {
  rules: CheckoutRules;
  facts: ProductFacts;
  /** Epoch milliseconds from which the prices may differ. */
  until: number;
  priced: Promise<PricedCart>;
}

const kept = new WeakMap<ShoppingCart, Kept>();

/** The first instant after `now` at which one of the rules' discounts starts or ends. */
function nextDiscountChange(rules: CheckoutRules, now: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const discount of rules.discounts) {
    for (const edge of [discount.startsOn, discount.endsOn]) {
      const at = edge?.getTime();
      if (at !== undefined && at > now && at < next) next = at;
    }
  }
  return next;
}

export function pricedCartKept(
  cart: ShoppingCart,
  rules: CheckoutRules,
  facts: ProductFacts,
  now: number,
  price: () => Promise<PricedCart>,
): Promise<PricedCart> {
  if (cart.giftCards.length > 0) return price();
  const known = kept.get(cart);
  if (known && known.rules === rules && known.facts === facts && now < known.until) return known.priced;
  const priced = price();
  const entry = { rules, facts, until: nextDiscountChange(rules, now), priced };
  kept.set(cart, entry);
  // A failed pricing is not kept.
  priced.catch(() => {
    if (kept.get(cart) === entry) kept.delete(cart);
  });
  return priced;
}
