/**
 * What a visitor may see of a collection (spec section 2): a
 * password-protected one shows the lock screen (103) until this browser
 * unlocks it, a member-only one the access-denied page (106) to anyone but
 * its signed-in members; both show their content as protected content (105)
 * to those let in. Asked before any content is read, so a locked page never
 * loads what it hides (nor does ?format=json).
 */
import type { Collection } from '../../api/db/schema.ts';
import { siteLockOf } from '../../api/repositories/site-lock-repository.ts';
import type { PageViewer } from '../page-viewer.ts';
import type { Route } from '../routing/resolve-route.ts';

export type PageAccess = 'open' | 'protected' | 'locked' | 'members-only';

export function pageAccess(collection: Collection, viewer: PageViewer | undefined): PageAccess {
  if (collection.passwordProtected && !viewer?.hasUnlocked(collection)) return 'locked';
  if (collection.memberOnly && !viewer?.memberAreaIds.has(collection.id)) return 'members-only';
  return collection.passwordProtected || collection.memberOnly ? 'protected' : 'open';
}

export function isLockedFor(collection: Collection, viewer: PageViewer | undefined): boolean {
  const access = pageAccess(collection, viewer);
  return access === 'locked' || access === 'members-only';
}

/**
 * Whether a site-wide lock (a website password) hides this route from the
 * visitor: every page does, the page that is not found too (so the lock
 * tells nothing of which addresses exist), until the browser unlocks the
 * site. The site user's own account pages stay open, as a member must be
 * able to sign in, reset a password or follow an emailed link; they show
 * nothing of the site's content.
 */
export function isSiteLockedFor(
  site: { settings: { sitePasswordHash: string | null } },
  route: Route,
  viewer: PageViewer | undefined,
): boolean {
  const lock = siteLockOf(site.settings.sitePasswordHash);
  if (!lock || route.kind === 'error') return false;
  if (route.kind === 'account' && route.page !== 'membership-confirmed') return false;
  // A subscription's emailed link is an account page too: the buyer can always pause or cancel.
  if (route.kind === 'subscription-manage') return false;
  return !viewer?.hasUnlocked(lock);
}
