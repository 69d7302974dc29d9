/**
 * The cart page's totals and the way to checkout. Shipping and tax are
 * worked out at checkout, so a zero there means "not yet", not "free".
 * Below the store's minimum subtotal the checkout button stays in place but
 * does nothing, and names the minimum notice as its reason.
 */
import { useId } from 'react';
import { formatMinorUnits } from '../../domain/money/minor-units-text.ts';
import { type CartSnapshot, CHECKOUT_PATH } from '../cart-store.ts';
import { minimumSubtotalMessage, CART_PAGE_TEXT as TEXT } from './cart-page-text.ts';
import { isBelowMinimum, type MinimumSubtotal } from './minimum-subtotal.ts';

export interface CartSummaryProps {
  cart: CartSnapshot;
  minimum: MinimumSubtotal | null;
  locale: string | undefined;
}

const CHECKOUT_LABEL = 'Check out';

const isZero = (cents: string | undefined) => cents === undefined || /^-?0+$/.test(cents);

export function CartSummary({ cart, minimum, locale }: CartSummaryProps) {
  const headingId = useId();
  const minimumId = useId();
  const belowMinimum = minimum !== null && isBelowMinimum(cart.subtotalCents, cart.currency, minimum);
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
      {belowMinimum ? (
        <p id={minimumId} className="cart-page__minimum">
          {minimumSubtotalMessage(formatMinorUnits(minimum.cents, minimum.currency, locale))}
        </p>
      ) : null}
      {/* Not a link while it cannot be followed: a link that goes nowhere would still be announced as one. */}
      {belowMinimum ? (
        <button type="button" className="button cart-page__checkout" aria-disabled="true" aria-describedby={minimumId}>
          {CHECKOUT_LABEL}
        </button>
      ) : (
        <a className="button cart-page__checkout" href={CHECKOUT_PATH}>
          {CHECKOUT_LABEL}
        </a>
      )}
    </section>
  );
}
