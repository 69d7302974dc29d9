/**
 * The site-wide promotional popup as a page fragment of its own (spec
 * section 2: page type 104, popup overlay): whether a page carries it, and
 * the context its platform template (templates/sections/popup-overlay.html)
 * renders with. The island (hydrate/islands/popup-overlay.tsx) decides in
 * the browser whether to show it, from the attributes this puts on it.
 */
import type { Form, PopupOverlaySettings } from '../../api/db/schema.ts';
import { childOf } from '../../formatters/json-values.ts';
import {
  POPUP_DEFAULTS,
  POPUP_STORAGE_KEYS,
  type PopupPages,
  PROMO_POPUP_CAPTCHA_ACTION,
  wholeNumber,
} from '../../shared/popup-overlay.ts';
import { fieldViews, SUBMIT_LABEL_KEY } from '../page-blocks/form-block.ts';
import { FORM_LABELS } from '../page-blocks/form-labels.ts';
import type { PageBlockError } from '../page-blocks/index.ts';
import { PAGE_TYPES, type PageTypeNumber } from './page-types.ts';

type Json = Record<string, unknown>;

/** The words the popup shows besides the owner's own. */
export const POPUP_LABELS = Object.freeze({ signUp: 'Sign Up', close: 'Close' });

/** The id the popup's elements are named from (the dialog, its headline, its form's fields). */
export const POPUP_DOM_ID = 'sqs-popup-overlay';

/** Pages of the site's own content: the popup never covers a cart, a checkout, an error or a cover page. */
const CONTENT_PAGES: ReadonlySet<PageTypeNumber> = new Set([
  PAGE_TYPES.mainContent,
  PAGE_TYPES.page,
  PAGE_TYPES.contentItem,
  PAGE_TYPES.search,
]);

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** The newsletter form the popup signs visitors up with, when the settings name one. */
export function popupFormId(settings: PopupOverlaySettings): string | undefined {
  return settings.enabled === true && settings.action !== 'button' ? (text(settings.formId) ?? undefined) : undefined;
}

/** Whether a page of this type (and this page, the home page or not) carries the popup. */
export function carriesPopup(
  settings: PopupOverlaySettings,
  page: { pageType: PageTypeNumber; status: number; isHome: boolean },
): boolean {
  if (settings.enabled !== true || page.status !== 200 || !CONTENT_PAGES.has(page.pageType)) return false;
  const showOn: PopupPages = settings.showOn ?? POPUP_DEFAULTS.showOn;
  return showOn === 'all' || page.isHome;
}

export interface PopupFragment {
  /** The page context of the fragment (type 104). */
  context: Json;
  errors: PageBlockError[];
}

/**
 * The popup's page context: the page's website objects, pageType 104 and
 * popupOverlay, the view the template prints. A newsletter popup whose form
 * is gone (or is no newsletter form) falls back to no action rather than a
 * form that cannot be sent; a popup with neither a headline nor a body is
 * not shown at all.
 */
export function popupOverlayContext(
  settings: PopupOverlaySettings,
  page: { website: unknown; websiteSettings: unknown; captchaSiteKey: string | null },
  form: Form | undefined,
  queryString: URLSearchParams | undefined,
): PopupFragment | undefined {
  const headline = text(settings.headline);
  const body = text(settings.body);
  if (!headline && !body) return undefined;
  const errors: PageBlockError[] = [];
  const newsletter = settings.action !== 'button' && form?.isNewsletter === true ? form : undefined;
  const buttonUrl = text(settings.buttonUrl);
  const button =
    settings.action === 'button' && buttonUrl
      ? { label: text(settings.buttonLabel) ?? FORM_LABELS.submit, href: buttonUrl }
      : null;
  const formView = newsletter
    ? {
        formId: newsletter.id,
        statusId: `${POPUP_DOM_ID}-status`,
        fields: fieldViews(
          newsletter,
          {
            domId: POPUP_DOM_ID,
            options: { locale: 'en-US', timeZone: 'UTC', now: 0, queryString },
            report: (error) => errors.push(error),
          },
          undefined,
        ),
        // Spec section 8: the captcha only where the site has a key; the popup's token is asked for with its own action.
        captcha: page.captchaSiteKey
          ? {
              siteKey: page.captchaSiteKey,
              theme: 'light',
              alignment: 'center',
              size: 'normal',
              action: PROMO_POPUP_CAPTCHA_ACTION,
            }
          : null,
        disclaimer: text(newsletter.disclaimerMessage),
        submitLabel: text(childOf(newsletter.storage, SUBMIT_LABEL_KEY)) ?? POPUP_LABELS.signUp,
        successMessage: text(newsletter.submissionMessage),
        successHtml: typeof newsletter.submissionHtml === 'string' ? newsletter.submissionHtml : '',
      }
    : null;
  return {
    errors,
    context: {
      website: page.website,
      websiteSettings: page.websiteSettings,
      pageType: PAGE_TYPES.popupOverlay,
      popupOverlay: {
        id: POPUP_DOM_ID,
        headlineId: `${POPUP_DOM_ID}-headline`,
        bodyId: `${POPUP_DOM_ID}-body`,
        headline: headline ?? '',
        paragraphs: (body ?? '')
          .split(/\n\s*\n/)
          .map((paragraph) => paragraph.trim())
          .filter(Boolean),
        version: wholeNumber(settings.version, POPUP_DEFAULTS.version, 0),
        delaySeconds: wholeNumber(settings.delaySeconds, POPUP_DEFAULTS.delaySeconds, 0, 3600),
        closedDays: wholeNumber(settings.closedDays, POPUP_DEFAULTS.closedDays, 0, 3650),
        storageKeys: POPUP_STORAGE_KEYS,
        form: formView,
        button,
      },
    },
  };
}
