/**
 * What the server tells the analytics module about the page, on the islands
 * script tag (renderer/render-page.ts): absent on the pages that are never
 * counted (not found, lock screen) and everywhere when the server's global
 * flag turns analytics off; on the member-area denied page, which is not
 * counted either, it says clicksOnly for the page's click tracking.
 */
export interface AnalyticsPage {
  websiteId: string;
  templateId: string;
  locale: string;
  pageType: number;
  itemId: string | null;
  collectionId: string | null;
  recordType: number | null;
  /** The website's cookie policy is restrictive, or the website is cloneable (spec section 5). */
  restrictive: boolean;
  /**
   * A page that is never counted but has click tracking (spec section 2: the
   * member-area access-denied page); present only then.
   */
  clicksOnly?: true;
}

export const ANALYTICS_ATTRIBUTE = 'data-analytics';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const whole = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);

/** The page's analytics data, or undefined when the page is not counted or the attribute is unreadable. */
export function readAnalyticsPage(doc: Document): AnalyticsPage | undefined {
  const raw = doc.querySelector(`script[${ANALYTICS_ATTRIBUTE}]`)?.getAttribute(ANALYTICS_ATTRIBUTE);
  if (!raw) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  const websiteId = text(value.websiteId);
  const pageType = whole(value.pageType);
  if (websiteId === null || pageType === null) return undefined;
  return {
    websiteId,
    templateId: text(value.templateId) ?? '',
    locale: text(value.locale) ?? 'en-US',
    pageType,
    itemId: text(value.itemId),
    collectionId: text(value.collectionId),
    recordType: whole(value.recordType),
    restrictive: value.restrictive === true,
    ...(value.clicksOnly === true ? { clicksOnly: true as const } : {}),
  };
}
