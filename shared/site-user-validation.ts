/**
 * The rules of a site user's email, password and name, for the account
 * calls and the account forms alike. Each check gives the message to show
 * under the field, or null when the value is fine.
 */
import { characterCount, isValidEmail } from './form-validation.ts';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SITE_USER_MESSAGES } from './site-user-messages.ts';

/** Spec section 5's general email check, on the address as typed less surrounding spaces. */
export function emailProblem(email: string): string | null {
  return isValidEmail(email.trim()) ? null : SITE_USER_MESSAGES.emailInvalid;
}

/** Any characters, spaces included: a passphrase is the user's own business. */
export function newPasswordProblem(password: string): string | null {
  const length = characterCount(password);
  return length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH ? SITE_USER_MESSAGES.passwordLength : null;
}

export function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return SITE_USER_MESSAGES.nameMissing;
  return characterCount(trimmed) > NAME_MAX_LENGTH ? SITE_USER_MESSAGES.nameTooLong : null;
}

/** The problems of several fields, keyed by field name; empty when all are fine. */
export function fieldProblems(checks: Record<string, string | null>): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [field, problem] of Object.entries(checks)) if (problem !== null) problems[field] = problem;
  return problems;
}
