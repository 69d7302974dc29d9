/**
 * A chosen variant's price worded for the product's subscription plan
 * ('$44.00 every month'), as the server words the product's price. The
 * variant picker carries the plan (data-is-subscribable,
 * data-subscription-plan); the wording is the formatters' own, so the two
 * sides cannot drift apart. A site's localized wording is not on the page,
 * so the English default is used.
 */
import { subscriptionWording } from '../formatters/commerce/subscription.ts';

/** price → its phrase for the picker's plan; the price as is when the product is not subscribable. */
export function subscriptionPhrase(picker: HTMLElement): (price: string) => string {
  if (picker.dataset.isSubscribable !== 'true') return (price) => price;
  let plan: unknown;
  try {
    plan = JSON.parse(picker.dataset.subscriptionPlan ?? 'null');
  } catch {
    return (price) => price;
  }
  const wording = subscriptionWording({ structuredContent: { subscriptionPlan: plan } }, 'singlePrice');
  if (!wording) return (price) => price;
  return (price) => wording.defaultMessage.replace('{price}', price);
}
