/**
 * What the site-user account calls say to a visitor, shared by the server's
 * API errors and the account forms to come, so both show the same text.
 * 'Please enter a valid email' is the spec's (section 5); the rest are ours,
 * for cases the spec does not word. Pure: nothing here may import server or
 * browser code.
 */

/** Passwords are counted in characters as a person types them (code points). */
export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase; the cap keeps one sign-in from feeding scrypt megabytes. */
export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MAX_LENGTH = 100;

export const SITE_USER_MESSAGES = {
  /** Spec section 5. */
  emailInvalid: 'Please enter a valid email',
  passwordLength: `Passwords must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long.`,
  passwordMissing: 'Please enter your password.',
  nameMissing: 'Please enter your name.',
  nameTooLong: `Names can be at most ${NAME_MAX_LENGTH} characters long.`,
  currentPasswordIncorrect: 'The current password is not correct.',
  languageInvalid: 'Please choose a language such as en or fr-CA.',
  languageCustom: 'A custom language code cannot be saved as your language.',
} as const;
