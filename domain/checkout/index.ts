/** The store's checkout rules (shipping, tax, discounts) and the pure pricing that applies them. */
export * from './cart-pricing.ts';
export * from './checkout-rules.ts';
export * from './discounts.ts';
export * from './gift-cards.ts';
export * from './shipping-options.ts';
export * from './tax.ts';
