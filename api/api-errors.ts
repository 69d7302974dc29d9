/**
 * The API's one table of error codes: each code's HTTP status and the exact
 * message a visitor sees. Messages quoted from the spec (sections 5 and 8)
 * are marked; the others are ours, for cases the spec does not word.
 */

import { GIFT_CARD_MESSAGES } from '../domain/checkout/gift-cards.ts';
import { QUANTITY_MESSAGES } from '../domain/quantity.ts';
import { FORM_MESSAGES } from '../shared/form-messages.ts';
import { MULTILINGUAL_MESSAGES } from '../shared/multilingual.ts';
import { PRODUCT_MESSAGES } from '../shared/product-input.ts';
import { RESTOCK_MESSAGES } from '../shared/restock-messages.ts';
import { SITE_USER_MESSAGES } from '../shared/site-user-messages.ts';
import { NO_MAIN_NAVIGATION } from '../shared/store-creation.ts';
import { UPLOAD_MESSAGES } from '../shared/upload-rules.ts';

type Message = string | ((params: Record<string, string>) => string);

interface ErrorDefinition {
  status: number;
  message: Message;
}

export const API_ERRORS = {
  // Spec section 5, add to cart; the {options} text is built by optionsMessage.
  'options-not-selected': { status: 400, message: (p) => `Please select the ${p.options}.` },
  // Spec section 5.
  'variant-unavailable': {
    status: 400,
    message: 'Sorry, that item variant is unavailable. Please select another variant.',
  },
  // Spec section 5.
  'out-of-stock': { status: 409, message: 'Sorry, we do not have enough of that item available.' },
  // Spec section 5.
  'quantity-not-a-number': { status: 400, message: QUANTITY_MESSAGES.notANumber },
  // Spec section 5.
  'quantity-not-whole': { status: 400, message: QUANTITY_MESSAGES.notWhole },
  'quantity-out-of-range': { status: 400, message: QUANTITY_MESSAGES.outOfRange },
  // Spec section 5.
  'gift-card-denomination': { status: 400, message: 'Select a denomination for the Gift Card' },
  // A gift card's recipient and note (shared/gift-card-recipient.ts); the fields say which is wrong.
  'gift-card-recipient-invalid': { status: 400, message: FORM_MESSAGES.formInvalid },
  'service-single-quantity': { status: 400, message: 'Only one of this service can be added to the cart.' },
  'not-subscribable': { status: 400, message: 'This product is not available as a subscription.' },
  'invalid-additional-fields': { status: 400, message: 'Additional fields must be a JSON object.' },
  'invalid-body': { status: 400, message: 'The request is not valid.' },
  'invalid-json': { status: 400, message: 'The request body is not valid JSON.' },
  'invalid-text': { status: 400, message: 'The request contains characters that are not allowed.' },
  'input-too-deep': { status: 400, message: 'The request is nested too deeply.' },
  'input-too-large': { status: 400, message: 'The request holds too many values.' },
  'body-too-large': { status: 413, message: 'The request body is too large.' },
  'unsupported-media-type': { status: 415, message: 'The request body type is not supported.' },
  'bad-request': { status: 400, message: 'The request is not valid.' },
  'request-timeout': { status: 408, message: 'The request took too long to arrive.' },
  'headers-too-large': { status: 431, message: 'The request headers are too large.' },
  // Spec section 8, crumb failure.
  'crumb-failed': { status: 403, message: 'Your session has expired. Please reload the page and try again.' },
  // Spec section 8, crumb failure with cookies disabled.
  'cookies-disabled': {
    status: 403,
    message: 'Please enable cookies in your browser, reload the page, and try again.',
  },
  'website-not-found': { status: 404, message: 'No website answers on this address.' },
  'product-not-found': { status: 404, message: 'That product was not found.' },
  'entry-not-found': { status: 404, message: 'That item is no longer in your cart.' },
  'route-not-found': { status: 404, message: 'Not found.' },
  // Checkout rules (issue 20): where a cart goes, how, and the codes it carries.
  'cart-not-found': { status: 404, message: 'There is no cart to update. Add something to your cart first.' },
  'shipping-location-invalid': { status: 400, message: 'Please check the highlighted address fields.' },
  'shipping-option-unavailable': {
    status: 400,
    message: 'That shipping option is not available for this address. Please choose another.',
  },
  'discount-code-blank': { status: 400, message: 'Enter a discount code.' },
  'discount-code-unknown': {
    status: 400,
    message: (p) => `The code ${p.code} is not one we know. Check it and try again.`,
  },
  // Gift cards at checkout (domain/checkout/gift-cards.ts words them); fields.code says it too.
  'gift-card-code-blank': { status: 400, message: GIFT_CARD_MESSAGES.blank },
  'gift-card-unknown': { status: 400, message: (p) => GIFT_CARD_MESSAGES.unknown(p.code ?? '') },
  'gift-card-too-many': { status: 400, message: GIFT_CARD_MESSAGES.tooMany },
  'gift-card-other-currency': {
    status: 400,
    message: (p) => GIFT_CARD_MESSAGES['other-currency'](p.cardCurrency ?? '', p.orderCurrency ?? ''),
  },
  'gift-card-no-balance': { status: 400, message: (p) => GIFT_CARD_MESSAGES['no-balance'](p.last ?? '') },
  'gift-card-only-gift-cards': { status: 400, message: GIFT_CARD_MESSAGES['only-gift-cards'] },
  'gift-card-nothing-to-pay': { status: 400, message: GIFT_CARD_MESSAGES['nothing-to-pay'] },
  // Spec section 8, store creation: the site layout has no main navigation to add the store to.
  'no-main-navigation': { status: 404, message: NO_MAIN_NAVIGATION },
  'collection-not-found': { status: 404, message: 'That collection was not found.' },
  'not-a-store': { status: 400, message: 'That collection is not a store (a product collection).' },
  'root-category-exists': { status: 409, message: 'That store already has its root category.' },
  'store-not-empty': {
    status: 409,
    message: 'That store has products; only a store left unfinished can be removed here.',
  },
  'navigation-item-invalid': {
    status: 400,
    message: 'Each navigation link names exactly one of a collection of this site, an external link or a member area.',
  },
  // Spec section 8, HTTP 429.
  'rate-limited': { status: 429, message: 'Please try again in a few seconds.' },
  // Spec section 8, forms and restock: a captcha token was required and none came.
  'captcha-missing': { status: 400, message: 'Complete CAPTCHA before submitting.' },
  // Spec section 8, forms: the captcha provider refused the token or could not be asked.
  'captcha-failed': { status: 400, message: 'reCAPTCHA failed. Refresh this page and try again.' },
  // Spec section 5, forms: the whole form's message; fields holds each field's own.
  'form-invalid': { status: 400, message: FORM_MESSAGES.formInvalid },
  // Spec section 8, forms, 404.
  'form-not-found': { status: 404, message: FORM_MESSAGES.notConfigured },
  // Spec section 8, forms: a submission key that is unknown, used already or expired.
  'form-key-refused': { status: 400, message: FORM_MESSAGES.processingFailed },
  // Spec section 8, forms: the form JSON text is not an object of field values.
  'form-fields-unparseable': { status: 400, message: FORM_MESSAGES.unparseableFields },
  // Spec section 8, forms, 429.
  'form-rate-limited': { status: 429, message: FORM_MESSAGES.rateLimited },
  // Spec section 5, restock form.
  'restock-email-blank': { status: 400, message: RESTOCK_MESSAGES.emailBlank },
  // Spec section 5, restock form.
  'restock-email-invalid': { status: 400, message: RESTOCK_MESSAGES.emailInvalid },
  'restock-variant-not-found': { status: 404, message: 'That product variant was not found.' },
  // A sign-up races a restock: the widget only shows for sold-out variants.
  'restock-in-stock': { status: 409, message: 'This item is back in stock.' },
  'invalid-cursor': { status: 400, message: 'The page cursor is not valid.' },
  // Likes: an item that is not published in a public collection is not found, as its page is not.
  'item-not-found': { status: 404, message: 'That item was not found.' },
  'likes-disabled': { status: 403, message: 'Likes are turned off on this site.' },
  // Owner calls (api/http/owner-auth.ts): the spec words no message for any of these.
  'owner-not-signed-in': {
    status: 401,
    message: 'Please sign in to the site administration, or send an API key (Authorization: Bearer <key>).',
  },
  'owner-forbidden': { status: 403, message: 'Your role on this website does not allow this.' },
  'owner-no-access': { status: 403, message: 'This account has no access to this website.' },
  'owner-xsrf-missing': {
    status: 403,
    message:
      'This call needs the X-Owner-XSRF-Token header with the token your sign-in answered. Sign in again if you no longer have it.',
  },
  'owner-xsrf-refused': {
    status: 403,
    message: 'The X-Owner-XSRF-Token header does not match your session. Sign in again.',
  },
  'owner-input-invalid': { status: 400, message: 'Please check the highlighted fields.' },
  'contributor-not-found': { status: 404, message: 'That contributor was not found.' },
  // The owner's forms panels: the site's 404 for a form ('This form has not been configured yet.') is the visitor's.
  'owner-form-not-found': { status: 404, message: 'That form was not found.' },
  'submission-not-found': { status: 404, message: 'That submission was not found. It may have been deleted.' },
  'contributor-exists': {
    status: 409,
    message: 'This email already belongs to a contributor who can sign in. Change their role instead.',
  },
  'last-admin': { status: 409, message: 'A website needs at least one administrator who can sign in.' },
  'invitation-invalid': {
    status: 400,
    message: 'This invitation link has expired or has been used already. Ask for a new invitation.',
  },
  'api-key-not-found': { status: 404, message: 'That API key was not found, or it was deleted already.' },
  'preferences-namespace-invalid': {
    status: 400,
    message: 'A preferences namespace is 1 to 64 letters, digits, dots, dashes or underscores.',
  },
  'preferences-invalid': { status: 400, message: 'Preferences must be a JSON object.' },
  // Multilingual (api/http/multilingual-routes.ts); the spec words none of these.
  'language-not-found': { status: 404, message: MULTILINGUAL_MESSAGES.notSiteLanguage },
  // The public commerce API (api/http/commerce-api-routes.ts).
  'order-not-found': { status: 404, message: 'That order was not found.' },
  // The owner's orders panel (owner-order-routes.ts).
  'order-already-fulfilled': { status: 409, message: 'This order has already been fulfilled.' },
  'order-canceled': { status: 409, message: 'This order has been cancelled.' },
  // Digital delivery (owner-download-routes.ts).
  'order-has-no-downloads': { status: 409, message: 'This order has no files to download.' },
  'order-not-cancelable': { status: 409, message: 'Only an order that has not been fulfilled can be cancelled.' },
  'order-line-not-found': { status: 400, message: (p) => `This order has no line ${p.lineNumber}.` },
  'order-line-too-many': { status: 409, message: (p) => `Line ${p.lineNumber} has fewer items left to fulfil.` },
  'order-no-payment': { status: 409, message: 'This order has no card payment to refund.' },
  'order-refund-too-much': {
    status: 409,
    message: (p) => `The refund is more than what is left to refund: at most ${p.left}.`,
  },
  'order-refund-failed': {
    status: 502,
    message: 'The payment provider did not make the refund, so nothing was refunded. Please try again.',
  },
  'inventory-below-zero': {
    status: 409,
    message: (p) => `Stock cannot go below zero: ${p.available} in stock, and the adjustment is ${p.change}.`,
  },
  'inventory-unlimited': {
    status: 409,
    message: 'This variant has unlimited stock, which has no count to adjust.',
  },
  'api-key-refused': { status: 401, message: 'The API key is not valid for this website, or has been revoked.' },
  'api-key-forbidden': { status: 403, message: 'The API key does not allow this call.' },
  // The products panel (issue 22). Spec section 9 gives the 200-product limit but no message.
  'collection-full': { status: 409, message: PRODUCT_MESSAGES.collectionFull },
  // A SKU or URL another product has, or stock that changed under the editor; fields says which.
  'product-conflict': { status: 409, message: 'Please check the highlighted fields.' },
  'variant-not-found': { status: 404, message: 'That product variant was not found.' },
  'stock-below-zero': {
    status: 409,
    message: 'There is not that much in stock to take off. Check the current figure and try again.',
  },
  'image-not-found': { status: 404, message: 'That picture was not found.' },
  'file-not-found': { status: 404, message: 'That file was not found.' },
  // Spec section 8, files and uploads, word for word.
  'upload-too-large': { status: 413, message: (p) => UPLOAD_MESSAGES.tooLarge(p.fileName ?? '', p.maxSize ?? '') },
  'upload-unsupported': {
    status: 415,
    message: (p) => UPLOAD_MESSAGES.unsupported(p.fileName ?? '', p.fileTypeMessage ?? ''),
  },
  'upload-incomplete': { status: 400, message: UPLOAD_MESSAGES.incomplete },
  'upload-failed': { status: 500, message: UPLOAD_MESSAGES.failed },
  'upload-missing': { status: 400, message: UPLOAD_MESSAGES.missing },
  // Content editing (issue 23).
  'content-conflict': {
    status: 409,
    message:
      'Someone else saved this since you opened it. Your change was not saved: reload to see theirs, then make yours again.',
  },
  'revision-not-found': { status: 404, message: 'That version is not in the history.' },
  'block-not-found': {
    status: 404,
    message: 'That block is no longer on the page. Reload to see the page as it is now.',
  },
  'not-a-page': { status: 400, message: 'That collection is not a page of blocks.' },
  'not-an-item-collection': {
    status: 400,
    message: 'Posts, events and pictures are added to a blog, events or gallery.',
  },
  // Spec section 9: 60 blocks per layout.
  'too-many-blocks': { status: 400, message: 'A page holds at most 60 blocks.' },
  // Spec section 9: 250 items in a user-orderable collection.
  'too-many-items': { status: 400, message: 'A gallery holds at most 250 pictures.' },
  'order-mismatch': {
    status: 409,
    message: 'The gallery changed since you opened it. Reload to see it as it is now, then arrange it again.',
  },
  'home-cannot-be-disabled': { status: 400, message: 'The home page cannot be disabled.' },
  'preview-unavailable': { status: 503, message: 'The preview cannot be shown on this server.' },
  // Site users. Sign-up, password and profile input; fields holds each field's message.
  'account-input-invalid': { status: 400, message: 'Please check the highlighted fields.' },
  // Spec section 5, 'Please enter a valid email'.
  'account-email-invalid': { status: 400, message: SITE_USER_MESSAGES.emailInvalid },
  'account-email-taken': { status: 409, message: 'An account with this email already exists. Sign in instead.' },
  // One message for an unknown email and a wrong password, so it does not tell which addresses have accounts.
  'sign-in-failed': { status: 401, message: 'The email or password is incorrect.' },
  'sign-in-rate-limited': {
    status: 429,
    message: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  },
  'not-signed-in': { status: 401, message: 'Please sign in to continue.' },
  // Spec section 6: signed-in site users send an XSRF token header on later calls.
  'site-user-xsrf-missing': {
    status: 403,
    message:
      'This call needs the X-SiteUser-XSRF-Token header with the token your sign-in answered. Sign in again if you no longer have it.',
  },
  'site-user-xsrf-refused': {
    status: 403,
    message: 'The X-SiteUser-XSRF-Token header does not match your session. Sign in again.',
  },
  'current-password-incorrect': { status: 400, message: SITE_USER_MESSAGES.currentPasswordIncorrect },
  // A password-reset or email-verification link that is unknown, used already or expired.
  'account-link-invalid': {
    status: 400,
    message: 'This link has expired or has already been used. Please ask for a new one.',
  },
  'language-invalid': { status: 400, message: SITE_USER_MESSAGES.languageInvalid },
  // Spec section 7: the locale call is only for a translation language that is not a custom code.
  'language-custom': { status: 400, message: SITE_USER_MESSAGES.languageCustom },
  // A payment provider's webhook (issue 20) whose signature does not verify, or is too old (a replayed request).
  'webhook-signature-invalid': { status: 400, message: 'The webhook signature could not be verified.' },
  // Spec section 8 ('Something went wrong').
  internal: { status: 500, message: 'Something went wrong' },
} satisfies Record<string, ErrorDefinition>;

export type ApiErrorCode = keyof typeof API_ERRORS;

export interface ApiErrorBody {
  error: { code: ApiErrorCode; message: string; fields?: Record<string, string> };
  /** Spec section 4: a crumb failure says so, and the client retries a sign-out once on it. */
  crumbFail?: true;
}

/** The codes of a failed crumb check, which the body marks with crumbFail. */
const CRUMB_FAILURES: ReadonlySet<ApiErrorCode> = new Set(['crumb-failed', 'cookies-disabled']);

/** An error a route throws to answer with the table's status and message. */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly statusCode: number;
  readonly fields: Record<string, string> | undefined;
  /** For 429: when to try again, sent as Retry-After. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ApiErrorCode,
    options: { params?: Record<string, string>; fields?: Record<string, string>; retryAfterSeconds?: number } = {},
  ) {
    const definition: ErrorDefinition = API_ERRORS[code];
    const message =
      typeof definition.message === 'function' ? definition.message(options.params ?? {}) : definition.message;
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.statusCode = definition.status;
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get isCrumbFailure(): boolean {
    return CRUMB_FAILURES.has(this.code);
  }

  toBody(): ApiErrorBody {
    return {
      error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) },
      ...(this.isCrumbFailure ? { crumbFail: true as const } : {}),
    };
  }
}
