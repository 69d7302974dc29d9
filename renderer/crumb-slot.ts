/**
 * Form blocks post the visitor's crumb without script, so their HTML holds
 * it; yet pages are cached and shared between visitors. Pages are rendered
 * with this placeholder where the crumb goes and each answer fills in the
 * asking visitor's own crumb, cached or not. The placeholder is random per
 * process (the page cache is too), so no content can guess it.
 */
import { randomBytes } from 'node:crypto';

export const CRUMB_SLOT = `crumb-slot-${randomBytes(16).toString('hex')}`;

/** The page with the visitor's crumb in every slot. */
export function fillCrumbSlot(text: string, crumb: string): string {
  return text.includes(CRUMB_SLOT) ? text.replaceAll(CRUMB_SLOT, crumb) : text;
}
