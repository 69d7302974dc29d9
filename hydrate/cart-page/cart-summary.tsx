/**
 * The cart page's totals. Shipping and tax are worked out at checkout, so a
 * zero there means "not yet", not "free"; the minimum-subtotal notice stands
 * here because there is no checkout button yet to stand next to.
 */
import { useId } from 'react';
import { formatMinorUnits } from '../cart-labels.ts';
import type { CartSnapshot } from '../cart-store.ts';
import { minimumSubtotalMessage, CART_PAGE_TEXT as TEXT } from './cart-page-text.ts';
import { isBelowMinimum, type MinimumSubtotal } from './minimum-subtotal.ts';

export interface CartSummaryProps {
  cart: CartSnapshot;
  minimum: MinimumSubtotal | null;
  locale: string | undefined;
}

const isZero = (cents: string | undefined) => cents === undefined || /^-?0+$/.test(cents);

export function CartSummary({ cart, minimum, locale }: CartSummaryProps) {
  const headingId = useId();
  const money = (cents: string) => formatMinorUnits(cents, cart.currency, locale);
  const later = isZero(cart.shippingCostCents) || isZero(cart.taxCents);
  const row = (label: string, value: string, className?: string) => (
    <div className={className}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  const atCheckout = (cents: string | undefined) => (isZero(cents) ? TEXT.atCheckout : money(cents!));
  return (
    <section className="cart-page__summary" aria-labelledby={headingId}>
      <h2 id={headingId} className="cart-page__summary-title">
        {TEXT.summaryHeading}
      </h2>
      <dl className="cart-page__totals">
        {row(TEXT.items, String(cart.totalQuantity))}
        {row(TEXT.subtotal, money(cart.subtotalCents))}
        {isZero(cart.discountCents) ? null : row(TEXT.discount, money(`-${cart.discountCents!.replace(/^-/, '')}`))}
        {row(TEXT.shipping, atCheckout(cart.shippingCostCents))}
        {row(TEXT.tax, atCheckout(cart.taxCents))}
        {row(
          later ? TEXT.estimatedTotal : TEXT.total,
          money(cart.grandTotalCents ?? cart.subtotalCents),
          'cart-page__grand-total',
        )}
      </dl>
      {minimum && isBelowMinimum(cart.subtotalCents, cart.currency, minimum) ? (
        <p className="cart-page__minimum">
          {minimumSubtotalMessage(formatMinorUnits(minimum.cents, minimum.currency, locale))}
        </p>
      ) : null}
    </section>
  );
}
