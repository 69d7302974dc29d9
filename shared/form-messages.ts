/**
 * What site forms and newsletter forms say to a visitor, word for word from
 * the spec (section 5 for validation, section 8 for the rest). Shared by the
 * server (API errors, the no-script page) and the form island, so both show
 * the same text. Pure: nothing here may import server or browser code.
 */

/** The example address the email message names in place of the spec's {email}. */
export const EMAIL_FORMAT_EXAMPLE = 'user@domain.com';

export const FORM_MESSAGES = {
  /** Section 5: a required field left empty. */
  required: 'Required',
  /** Section 5, email item, with {email} filled in by EMAIL_FORMAT_EXAMPLE. */
  emailInvalid: `Email is not valid. Email addresses should follow the format ${EMAIL_FORMAT_EXAMPLE}.`,
  /** Section 5, textarea with a maximum length. */
  overCharacterLimit: 'You have exceeded the character limit.',
  /** Section 5: shown once for the whole form when any field fails. */
  formInvalid: 'One or more fields is invalid, please check your entries.',
  // Section 8, status messages.
  unauthorized: 'Unable to submit form. Please try again later.',
  notConfigured: 'This form has not been configured yet.',
  rateLimited: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  sendFailed: 'Unable to send form. Please try again later.',
  unknown: 'Unknown error, please try again later.',
  // Section 8, other messages.
  processingFailed: 'Error processing form submission. Please reload and try again.',
  captchaMissing: 'Complete CAPTCHA before submitting.',
  captchaFailed: 'reCAPTCHA failed. Refresh this page and try again.',
  noSubmissionKey: 'Could not get a form submission key, please try again later.',
  unparseableFields: 'Could not parse the form fields, please check your entries.',
  problemBelow: 'Your form has encountered a problem. Please scroll down to review.',
  problemAbove: 'Your form has encountered a problem. Please scroll up to review.',
} as const;

/**
 * Section 8: the single message a failed submission shows for its HTTP
 * status; otherwise the response's own text, else the unknown-error text.
 * formStatusMessage(429) → 'Unable to submit form. Submission rate limit exceeded. …'
 */
export function formStatusMessage(status: number, responseText?: string | null): string {
  switch (status) {
    case 401:
      return FORM_MESSAGES.unauthorized;
    case 404:
      return FORM_MESSAGES.notConfigured;
    case 429:
      return FORM_MESSAGES.rateLimited;
    case 500:
      return FORM_MESSAGES.sendFailed;
  }
  return responseText?.trim() ? responseText : FORM_MESSAGES.unknown;
}
