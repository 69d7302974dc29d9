/**
 * Merchandising markup views: the restock sign-up form and the scarcity
 * message, both driven by the product's productMerchandisingContext entry.
 */

import { arrayOf, asFlag, childOf, isTruthy, toOutputString } from '../json-values.ts';
import { formatMessage } from './message.ts';

export interface RestockView {
  readonly productId: string;
  readonly variantId: string;
  readonly hidden: boolean;
  readonly cta: string;
  readonly placeholder: string;
  readonly button: string;
  readonly mailingList: boolean;
  readonly optedIn: boolean;
  readonly mailingListDescription: string;
  readonly captcha: boolean;
}

/** One restock form per restockNotificationViews entry (a variant that can be waited for). */
export function restockViews(productId: string, merchandising: unknown, captchaSiteKey: unknown): RestockView[] {
  const messages = childOf(merchandising, 'restockNotificationMessages');
  const text = (key: string) => toOutputString(childOf(messages, key));
  const shared = {
    productId,
    cta: text('CTAText'),
    placeholder: text('placeholderText'),
    button: text('buttonText'),
    mailingList: isTruthy(childOf(merchandising, 'mailingListSignUpEnabled')),
    optedIn: isTruthy(childOf(merchandising, 'mailingListOptInByDefault')),
    mailingListDescription: text('mailingListDescription'),
    captcha: isTruthy(captchaSiteKey),
  };
  return arrayOf(merchandising, 'restockNotificationViews').map((view) => ({
    ...shared,
    variantId: toOutputString(childOf(view, 'variantId')),
    hidden: isTruthy(childOf(view, 'hiddenByDefault')),
  }));
}

export interface ScarcityView {
  /** The variant's attributes, for the client to show the message for the chosen variant only. */
  readonly attributes: unknown;
  readonly text: string;
}

/** One message per scarcityTemplateViews entry, `{qtyInStock}` filled in; none when scarcity is off. */
export function scarcityViews(merchandising: unknown, locale: string): ScarcityView[] {
  if (!asFlag(childOf(merchandising, 'scarcityEnabled'))) return [];
  const template = toOutputString(childOf(merchandising, 'scarcityText'));
  return arrayOf(merchandising, 'scarcityTemplateViews').map((view) => {
    const qty = childOf(view, 'qtyInStock');
    const arg = typeof qty === 'number' ? qty : toOutputString(qty);
    return {
      attributes: childOf(view, 'attributes'),
      text: formatMessage(template, { positional: [arg], named: { qtyInStock: arg } }, locale),
    };
  });
}
