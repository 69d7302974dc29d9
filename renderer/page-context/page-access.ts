/**
 * What a visitor may see of a collection (spec section 2): a
 * password-protected one shows the lock screen (103) until this browser
 * unlocks it, a member-only one the access-denied page (106) to anyone but
 * its signed-in members; both show their content as protected content (105)
 * to those let in. Asked before any content is read, so a locked page never
 * loads what it hides (nor does ?format=json).
 */
import type { Collection } from '../../api/db/schema.ts';
import type { PageViewer } from '../page-viewer.ts';

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
