/**
 * The owner side's request bodies, as zod schemas the owner routes parse
 * with and the admin app's forms validate with before sending, so both say
 * the same thing about the same field. Messages are ours (the spec shows no
 * admin form), except 'Please enter a valid email' (spec section 5).
 */
// Named imports, not the z namespace: the admin bundle then carries only what the schemas use.
import { array, boolean, type infer as Infer, number, object, string, type ZodError, enum as zodEnum } from 'zod';
import { isValidEmail } from './form-validation.ts';
import { API_KEY_SCOPES, isRole } from './owner-permissions.ts';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SITE_USER_MESSAGES } from './site-user-messages.ts';

export const OWNER_MESSAGES = {
  emailInvalid: SITE_USER_MESSAGES.emailInvalid,
  passwordMissing: SITE_USER_MESSAGES.passwordMissing,
  passwordLength: SITE_USER_MESSAGES.passwordLength,
  nameMissing: SITE_USER_MESSAGES.nameMissing,
  nameTooLong: SITE_USER_MESSAGES.nameTooLong,
  siteTitleMissing: 'Please enter a site title.',
  siteTitleTooLong: 'Site titles can be at most 200 characters long.',
  descriptionTooLong: 'Descriptions can be at most 2,000 characters long.',
  timeZoneInvalid: 'Please choose a time zone such as America/New_York.',
  languageInvalid: 'Please choose a language such as en-US.',
  currencyInvalid: 'Please choose a currency such as USD.',
  captchaKeyInvalid: 'Captcha site keys are letters, digits, - and _ only (at most 100).',
  minimumSubtotalInvalid: 'Please enter an amount such as 25.00, or leave it empty for none.',
  storeTitleTooLong: 'Store titles can be at most 200 characters long.',
  reviewsRequestDaysInvalid: 'Enter a number of days from 0 to 365 (0 sends no reviews requests).',
  codeTooLong: 'Code injection can be at most 50,000 characters long.',
  roleInvalid: 'Please choose a role.',
  apiKeyNameMissing: 'Please name the key.',
  apiKeyNameTooLong: 'Key names can be at most 100 characters long.',
  apiKeyScopesMissing: 'Please choose at least one permission.',
  planInvalid: 'Please choose one of the plans.',
} as const;

const trimmed = (max: number, tooLong: string) => string().trim().max(max, tooLong);

export const ownerEmail = string()
  .trim()
  .max(1000, OWNER_MESSAGES.emailInvalid)
  .refine(isValidEmail, OWNER_MESSAGES.emailInvalid);

const chars = (value: string) => [...value].length;

export const newOwnerPassword = string()
  .max(PASSWORD_MAX_LENGTH * 4, OWNER_MESSAGES.passwordLength)
  .refine((value) => chars(value) >= PASSWORD_MIN_LENGTH && chars(value) <= PASSWORD_MAX_LENGTH, {
    message: OWNER_MESSAGES.passwordLength,
  });

export const personName = string()
  .trim()
  .min(1, OWNER_MESSAGES.nameMissing)
  .refine((value) => chars(value) <= NAME_MAX_LENGTH, OWNER_MESSAGES.nameTooLong);

export const ownerSignInSchema = object({
  email: ownerEmail,
  password: string().min(1, OWNER_MESSAGES.passwordMissing).max(1000, OWNER_MESSAGES.passwordLength),
  rememberMe: boolean().optional(),
});

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}

function isLanguageTag(value: string): boolean {
  try {
    return Intl.getCanonicalLocales(value).length === 1 && value.length <= 35;
  } catch {
    return false;
  }
}

function isCurrency(value: string): boolean {
  if (!/^[A-Z]{3}$/.test(value)) return false;
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return supported ? supported('currency').includes(value) : true;
}

export const siteSettingsSchema = object({
  siteTitle: string().trim().min(1, OWNER_MESSAGES.siteTitleMissing).max(200, OWNER_MESSAGES.siteTitleTooLong),
  siteDescription: trimmed(2000, OWNER_MESSAGES.descriptionTooLong),
  timeZone: string().trim().max(100, OWNER_MESSAGES.timeZoneInvalid).refine(isTimeZone, OWNER_MESSAGES.timeZoneInvalid),
  language: string()
    .trim()
    .max(35, OWNER_MESSAGES.languageInvalid)
    .refine(isLanguageTag, OWNER_MESSAGES.languageInvalid),
  baseCurrency: string().trim().toUpperCase().refine(isCurrency, OWNER_MESSAGES.currencyInvalid),
  /** Empty for no captcha on the site's forms. */
  captchaSiteKey: string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{0,100}$/, OWNER_MESSAGES.captchaKeyInvalid),
});
export type SiteSettingsInput = Infer<typeof siteSettingsSchema>;

/** '25', '25.5' or '25.50' in the base currency; empty for no minimum. */
export const MONEY_TEXT = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

export const storeSettingsInputSchema = object({
  storeTitle: trimmed(200, OWNER_MESSAGES.storeTitleTooLong),
  /** Major units as typed; the route turns it into minor units. */
  minimumSubtotal: string()
    .trim()
    .refine((value) => value === '' || MONEY_TEXT.test(value), OWNER_MESSAGES.minimumSubtotalInvalid),
  multipleQuantityAllowedForServices: boolean(),
  /** Days after an order is fulfilled that its buyer is asked for reviews, as typed; absent leaves it as it is. */
  reviewsRequestDays: string()
    .trim()
    .refine((value) => /^\d{1,3}$/.test(value) && Number(value) <= 365, OWNER_MESSAGES.reviewsRequestDaysInvalid)
    .optional(),
});
export type StoreSettingsInput = Infer<typeof storeSettingsInputSchema>;

/** '25.5' → '2550' (two-decimal currencies); '' → '0'. */
export function minorUnitsOf(amount: string): string {
  const match = MONEY_TEXT.exec(amount.trim());
  if (!match) return '0';
  const cents = (match[2] ?? '').padEnd(2, '0');
  return String(BigInt(match[1]!) * 100n + BigInt(cents));
}

/** '2550' → '25.50'; '0' or nothing → ''. */
export function majorUnitsOf(minor: string | undefined): string {
  if (minor === undefined || !/^\d+$/.test(minor) || BigInt(minor) === 0n) return '';
  const value = BigInt(minor);
  return `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;
}

const CODE_MAX = 50_000;
/** Spec section 7: PUT /api/site-header-footer takes header and footer. */
export const headerFooterSchema = object({
  header: string().max(CODE_MAX, OWNER_MESSAGES.codeTooLong),
  footer: string().max(CODE_MAX, OWNER_MESSAGES.codeTooLong),
});

export const roleSchema = number().refine(isRole, OWNER_MESSAGES.roleInvalid);

export const invitationSchema = object({ email: ownerEmail, role: roleSchema });
export const roleChangeSchema = object({ role: roleSchema });

export const acceptInvitationSchema = object({
  token: string().max(200),
  name: personName,
  password: newOwnerPassword,
});

export const apiKeyCreateSchema = object({
  name: string().trim().min(1, OWNER_MESSAGES.apiKeyNameMissing).max(100, OWNER_MESSAGES.apiKeyNameTooLong),
  scopes: array(zodEnum(API_KEY_SCOPES))
    .min(1, OWNER_MESSAGES.apiKeyScopesMissing)
    .max(API_KEY_SCOPES.length)
    .transform((scopes) => [...new Set(scopes)]),
});

/** Field → first message, the shape the API's 400 answers carry in error.fields. */
export function schemaProblems(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : 'body';
    fields[key] ??= issue.message;
  }
  return fields;
}
