/**
 * The numbers and names of visitor analytics (spec sections 5, 6, 7 and 9),
 * shared by the page's analytics module (hydrate/analytics) and the server's
 * ingestion (api/http/analytics-routes.ts). Pure: nothing here may import
 * server or browser code.
 */

const DAY_MS = 86_400_000;

/** The visitor cookies, their lifetimes, and the ones restrictive mode clears (section 6). */
export const ANALYTICS_COOKIES = {
  /** The analytics id: 390 days. */
  analyticsId: { name: 'ss_cid', maxAgeMs: 390 * DAY_MS },
  /** The conversion visitor: about two years; the census hit sends it as ss_cvr. */
  conversionVisitor: { name: 'ss_cvr', maxAgeMs: 730 * DAY_MS },
  /** The conversion visit: 30 minutes, renewed by every page; a new one starts a visit. */
  conversionVisit: { name: 'ss_cvt', maxAgeMs: 30 * 60_000 },
  /** How many visits this browser has made. */
  visitCount: { name: 'ss_cvisit', maxAgeMs: 730 * DAY_MS },
  /** When the latest visit started: the next visit reads when the one before it was. */
  previousVisit: { name: 'ss_cpvisit', maxAgeMs: 730 * DAY_MS },
} as const;

export const RESTRICTIVE_MODE_CLEARS: readonly string[] = ['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt'];

/** The visitor's answer to the consent banner of a site with a restrictive cookie policy. */
export const CONSENT_COOKIE = { name: 'sb_cookie_consent', maxAgeMs: 365 * DAY_MS } as const;

/** Session storage: the session's id, its first landing page, and whether it is the browser's first session. */
export const SESSION_KEYS = {
  sessionId: 'sb_session_id',
  firstLanding: 'sb_first_landing',
  firstSession: 'sb_first_session',
} as const;

/** Section 9: JavaScript error reports. */
export const ERROR_REPORTS = {
  maxPerPage: 20,
  maxQueued: 10,
  debounceMs: 1_000,
  maxStackLength: 5_000,
} as const;

/** Sections 7 and 9: time-outs and the performance records' timing. */
export const ANALYTICS_TIMING = {
  buttonRenderTimeoutMs: 2_500,
  performanceSettingsTimeoutMs: 30_000,
  /** Records are sent when the page is hidden, or this long after load. */
  sendRecordsAfterMs: 30_000,
  /** Metrics are waited for this long at most, or until the page is hidden. */
  metricsWaitMs: 60_000,
} as const;

/** Section 9: a time value outside 0..2147483647 is garbage. */
export const MAX_TIME_VALUE = 2_147_483_647;

/** The path under which pages are never counted (the admin app). */
export const CONFIG_PATH = '/config';

/**
 * Section 5, the web vitals' good and poor thresholds (milliseconds; CLS is
 * unitless): at or under good is good, above poor is poor.
 */
export const WEB_VITAL_THRESHOLDS = {
  FCP: { good: 1_800, poor: 3_000 },
  LCP: { good: 2_500, poor: 4_000 },
  CLS: { good: 0.1, poor: 0.25 },
  INP: { good: 200, poor: 500 },
  FID: { good: 100, poor: 300 },
  TTFB: { good: 800, poor: 1_800 },
} as const;

export type WebVitalName = keyof typeof WEB_VITAL_THRESHOLDS;

/** Section 7: an events-service answer other than these is a failure. */
export const TRACKING_SUCCESS_STATUSES: readonly number[] = [200, 202];

/** Section 8, analytics messages. */
export const ANALYTICS_MESSAGES = {
  httpStatus: (status: number) => `Error tracking event: HTTP Status ${status}`,
  noPayload: 'no payload',
  unableToStoreId: 'Unable to store analyticsId',
  overwritten: (field: string) => `Auto-populated field ${field} was overwritten`,
} as const;

/**
 * A cookie the owner's sign-in sets beside its session (readable by the
 * page's scripts, like the site user's info cookie): the signed-in
 * contributor's roles on the site, comma-separated. A page shared by the page
 * cache cannot know who looks at it; the browser can.
 */
export const CONTRIBUTOR_ROLES_COOKIE = 'sb_contributor_roles';
