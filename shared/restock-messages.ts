/**
 * What the restock sign-up says to a visitor, word for word from the spec
 * (section 4, Restock form, and section 5). Shared by the server's API
 * errors and the restock widget, so both show the same text. Pure: nothing
 * here may import server or browser code.
 */
export const RESTOCK_MESSAGES = {
  /** Section 5: the email field left blank. */
  emailBlank: 'Email cannot be blank',
  /** Section 5: an email that fails the general email check (shared/form-validation.ts isValidEmail). */
  emailInvalid: 'Email is invalid',
  /** Section 4: the success text when the site has no custom restock success text. */
  signedUp: 'Signed up!',
} as const;
