/**
 * The census's visitor cookies (spec sections 5 and 6): a visitor and visit
 * kept in cookies in standard mode; none in restrictive mode, where the five
 * the spec names are cleared and the census sees each page view on its own.
 * The session (its id, first landing page, and whether it is the browser's
 * first) lives in session storage, which ends with the tab.
 */
import {
  ANALYTICS_COOKIES,
  CONSENT_COOKIE,
  RESTRICTIVE_MODE_CLEARS,
  SESSION_KEYS,
} from '../../shared/analytics-rules.ts';
import { readCookie } from '../read-cookie.ts';

export type CookieMode = 'standard' | 'restrictive';

export interface VisitorIds {
  /** The conversion visitor (ss_cvr), null in restrictive mode. */
  visitorId: string | null;
  analyticsId: string | null;
  sessionId: string;
  /** This page started a visit (no ss_cvt was there). */
  newVisit: boolean;
  firstLanding: string;
  firstSession: boolean;
}

export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, maxAgeMs: number): void;
  remove(name: string): void;
}

export function documentCookies(doc: Document): CookieJar {
  return {
    get: (name) => readCookie(name, doc.cookie),
    set: (name, value, maxAgeMs) => {
      doc.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${Math.round(maxAgeMs / 1000)}; Path=/; SameSite=Lax`;
    },
    remove: (name) => {
      doc.cookie = `${name}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; SameSite=Lax`;
    },
  };
}

/** Restrictive unless the site's policy is standard, or the visitor accepted cookies in the consent banner. */
export function cookieMode(restrictivePolicy: boolean, cookies: CookieJar): CookieMode {
  if (!restrictivePolicy) return 'standard';
  return cookies.get(CONSENT_COOKIE.name) === 'accepted' ? 'standard' : 'restrictive';
}

export function clearRestrictedCookies(cookies: CookieJar): void {
  for (const name of RESTRICTIVE_MODE_CLEARS) cookies.remove(name);
}

function randomId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/** Reads, renews or makes the visitor's ids for this page view. */
export function visitorIds(
  mode: CookieMode,
  cookies: CookieJar,
  session: Storage,
  href: string,
  now: number,
): VisitorIds {
  const sessionId = session.getItem(SESSION_KEYS.sessionId) ?? randomId();
  session.setItem(SESSION_KEYS.sessionId, sessionId);
  const firstLanding = session.getItem(SESSION_KEYS.firstLanding) ?? href;
  session.setItem(SESSION_KEYS.firstLanding, firstLanding);
  if (mode === 'restrictive') {
    clearRestrictedCookies(cookies);
    return { visitorId: null, analyticsId: null, sessionId, newVisit: true, firstLanding, firstSession: true };
  }
  const {
    analyticsId: aid,
    conversionVisitor: cvr,
    conversionVisit: cvt,
    visitCount,
    previousVisit,
  } = ANALYTICS_COOKIES;
  const knownVisitor = cookies.get(cvr.name);
  const firstSessionStored = session.getItem(SESSION_KEYS.firstSession);
  const firstSession = firstSessionStored === null ? knownVisitor === undefined : firstSessionStored === 'true';
  session.setItem(SESSION_KEYS.firstSession, String(firstSession));
  const visitorId = knownVisitor ?? randomId();
  const analyticsId = cookies.get(aid.name) ?? randomId();
  const visitStart = cookies.get(cvt.name);
  const newVisit = visitStart === undefined;
  if (newVisit) {
    const count = Number(cookies.get(visitCount.name) ?? '0');
    cookies.set(visitCount.name, String((Number.isFinite(count) ? count : 0) + 1), visitCount.maxAgeMs);
    cookies.set(previousVisit.name, String(now), previousVisit.maxAgeMs);
  }
  cookies.set(aid.name, analyticsId, aid.maxAgeMs);
  cookies.set(cvr.name, visitorId, cvr.maxAgeMs);
  cookies.set(cvt.name, visitStart ?? String(now), cvt.maxAgeMs);
  return { visitorId, analyticsId, sessionId, newVisit, firstLanding, firstSession };
}
