/**
 * When a page view is not counted (spec section 5, "Analytics skipped
 * when"). The server already leaves the not-found, lock-screen and
 * member-denied pages without analytics data; these are the rules only the
 * browser can apply, since a kept page is shared by every visitor.
 */
import { CONFIG_PATH } from '../../shared/analytics-rules.ts';

export interface SkipInputs {
  path: string;
  /** The signed-in contributor's roles on this site, from the owner's info cookie; empty when none is signed in. */
  contributorRoles: readonly number[];
  /** A global flag on the page's window. */
  disabledGlobally: boolean;
}

/** Spec section 6: the viewer role. A contributor who is solely a viewer is counted like a visitor. */
const VIEWER_ROLE = 10;

export type SkipReason = 'config-path' | 'search' | 'contributor' | 'disabled';

export function pageViewSkipped({ path, contributorRoles, disabledGlobally }: SkipInputs): SkipReason | undefined {
  if (disabledGlobally) return 'disabled';
  if (path === CONFIG_PATH || path.startsWith(`${CONFIG_PATH}/`)) return 'config-path';
  if (path === '/search' || path.startsWith('/search/')) return 'search';
  if (contributorRoles.some((role) => role !== VIEWER_ROLE)) return 'contributor';
  return undefined;
}
