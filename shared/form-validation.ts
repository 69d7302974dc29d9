/**
 * The rules a site form's answers must meet (spec section 5, Forms), in the
 * submission's value shapes (spec section 3), written once for the server
 * (the validate and save calls, the no-script post) and the form island.
 * Pure: no Node, DOM or server imports, so esbuild can bundle it for islands.
 *
 * A value of the wrong shape (an object where a string belongs, a choice
 * that is not one of the field's options, a phone of five parts) is not a
 * visitor's typo but a form the page did not send; it gets the spec's
 * 'Could not parse the form fields' message on that field.
 */
import { FIELD_PARTS, type FormFieldType, isFormFieldType, isMultiPartType } from './form-field-types.ts';
import { FORM_MESSAGES } from './form-messages.ts';

/** What the rules read of a form field; the stored FormField fits it. */
export interface FormFieldRule {
  readonly id: string;
  readonly type: string;
  readonly required?: boolean;
  readonly options?: readonly string[];
  readonly maxLength?: number;
  readonly key?: string;
  readonly value?: string;
  readonly title?: string;
}

/** A field's value in the submission: one string, a list (parts, checked boxes) or likert's question → answer. */
export type FieldValue = string | string[] | Record<string, string>;

export interface FieldCheck {
  /** The value in its normalized shape (a phone always four parts); undefined when it could not be read. */
  readonly value: FieldValue | undefined;
  /** The spec's message for the field, or null when it passes. */
  readonly error: string | null;
}

export interface FormCheck {
  readonly ok: boolean;
  /** Field id → message, for the fields that fail. */
  readonly errors: Record<string, string>;
  /** Field id → normalized value, every field but sections (what a submission stores). */
  readonly values: Record<string, FieldValue>;
  /** 'One or more fields is invalid, please check your entries.' when any field fails. */
  readonly message: string | null;
}

/** Spec section 9: email length 3 to 256. */
export const EMAIL_MIN_LENGTH = 3;
export const EMAIL_MAX_LENGTH = 256;

/** Spec section 5: local@domain with a top-level part of 2 to 4 letters. */
const EMAIL_PATTERN = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,4}$/;

/** Likert answers, spec section 9: -2 (Strongly Disagree) to 2 (Strongly Agree). */
export const LIKERT_VALUES = ['-2', '-1', '0', '1', '2'] as const;

/** isValidEmail('ann@example.com') → true; isValidEmail('ann@example') → false */
export function isValidEmail(text: string): boolean {
  return text.length >= EMAIL_MIN_LENGTH && text.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(text);
}

/**
 * Characters as a visitor counts them (the 'count / max' counter and the
 * limit): code points, so an emoji is one, not two UTF-16 units.
 */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** True when a textarea's text is over the field's maximum (a maximum of 0 or none means no limit). */
export function isOverCharacterLimit(text: string, maxLength: number | undefined): boolean {
  return typeof maxLength === 'number' && maxLength > 0 && characterCount(text) > Math.floor(maxLength);
}

/**
 * Spec section 3: a hidden field's value is the page query string's value
 * under the field's name (its key, else its title), else its own value.
 */
export function hiddenFieldValue(
  field: Pick<FormFieldRule, 'key' | 'title' | 'value'>,
  query: { get(name: string): string | null } | undefined,
): string {
  const name = nonBlank(field.key) ?? nonBlank(field.title);
  const fromQuery = name === null ? null : (query?.get(name) ?? null);
  return fromQuery ?? (typeof field.value === 'string' ? field.value : '');
}

const nonBlank = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

const isBlank = (text: string) => text.trim() === '';

const optionsOf = (field: FormFieldRule): string[] =>
  Array.isArray(field.options) ? field.options.filter((o): o is string => typeof o === 'string') : [];

/** One string from a submitted scalar; numbers and booleans read as text, anything else is unreadable. */
function scalar(raw: unknown): string | undefined {
  if (raw === undefined || raw === null) return '';
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  return undefined;
}

function stringList(raw: unknown): string[] | undefined {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) return undefined;
  const list: string[] = [];
  for (const entry of raw) {
    const text = scalar(entry);
    if (text === undefined) return undefined;
    list.push(text);
  }
  return list;
}

type Reader = (field: FormFieldRule, raw: unknown) => FieldCheck;

const unreadable: FieldCheck = { value: undefined, error: FORM_MESSAGES.unparseableFields };
const pass = (value: FieldValue): FieldCheck => ({ value, error: null });
const required = (field: FormFieldRule, value: FieldValue, empty: boolean): FieldCheck =>
  field.required === true && empty ? { value, error: FORM_MESSAGES.required } : pass(value);

const singleText: Reader = (field, raw) => {
  const value = scalar(raw);
  return value === undefined ? unreadable : required(field, value, isBlank(value));
};

const email: Reader = (field, raw) => {
  const value = scalar(raw);
  if (value === undefined) return unreadable;
  if (isBlank(value)) return required(field, value, true);
  return isValidEmail(value.trim()) ? pass(value) : { value, error: FORM_MESSAGES.emailInvalid };
};

const textarea: Reader = (field, raw) => {
  const checked = singleText(field, raw);
  if (checked.error !== null || typeof checked.value !== 'string') return checked;
  return isOverCharacterLimit(checked.value, field.maxLength)
    ? { value: checked.value, error: FORM_MESSAGES.overCharacterLimit }
    : checked;
};

const singleChoice: Reader = (field, raw) => {
  const value = scalar(raw);
  if (value === undefined || (value !== '' && !optionsOf(field).includes(value))) return unreadable;
  return required(field, value, value === '');
};

const checkboxes: Reader = (field, raw) => {
  const list = stringList(raw);
  const options = optionsOf(field);
  if (list === undefined || list.some((value) => !options.includes(value))) return unreadable;
  const value = [...new Set(list)];
  return required(field, value, value.length === 0);
};

const multiPart: Reader = (field, raw) => {
  if (!isMultiPartType(field.type)) return unreadable;
  const parts = FIELD_PARTS[field.type];
  let list = stringList(raw);
  if (list === undefined) return unreadable;
  if (list.length === 0) list = parts.map(() => '');
  // Spec section 3: a phone of 3 parts gets a blank country code first.
  if (field.type === 'phone' && list.length === 3) list = ['', ...list];
  if (list.length !== parts.length) return unreadable;
  const value = list;
  return required(
    field,
    value,
    parts.some((part, i) => !part.optional && isBlank(value[i]!)),
  );
};

const likert: Reader = (field, raw) => {
  if (raw === undefined || raw === null) return pass({});
  if (typeof raw !== 'object' || Array.isArray(raw)) return unreadable;
  const questions = optionsOf(field);
  const value: Record<string, string> = {};
  for (const [question, answer] of Object.entries(raw)) {
    const text = scalar(answer);
    if (!questions.includes(question) || text === undefined) return unreadable;
    if (text !== '' && !(LIKERT_VALUES as readonly string[]).includes(text)) return unreadable;
    value[question] = text;
  }
  // Spec section 5: a likert group has no required check.
  return pass(value);
};

const hidden: Reader = (_field, raw) => {
  const value = scalar(raw);
  return value === undefined ? unreadable : pass(value);
};

const READERS: Record<Exclude<FormFieldType, 'section'>, Reader> = {
  text: singleText,
  textarea,
  email,
  number: singleText,
  currency: singleText,
  website: singleText,
  password: singleText,
  twitter: singleText,
  date: multiPart,
  time: multiPart,
  name: multiPart,
  address: multiPart,
  phone: multiPart,
  radio: singleChoice,
  select: singleChoice,
  checkbox: checkboxes,
  likert,
  hidden,
};

/**
 * One field's submitted value checked and normalized:
 * validateField({ id: 'e', type: 'email', required: true }, '') → { value: '', error: 'Required' }.
 * Sections are always valid and have no value.
 */
export function validateField(field: FormFieldRule, raw: unknown): FieldCheck {
  const type = field.type;
  if (!isFormFieldType(type) || type === 'section') return { value: undefined, error: null };
  return READERS[type](field, raw);
}

/** The rules each stored field entry must meet to be checked at all (the renderer leaves the others out too). */
function asRule(entry: unknown): FormFieldRule | undefined {
  if (entry === null || typeof entry !== 'object') return undefined;
  const field = entry as Partial<FormFieldRule>;
  if (typeof field.id !== 'string' || field.id === '' || !isFormFieldType(field.type)) return undefined;
  return field as FormFieldRule;
}

/**
 * Every field of a form checked against the submission (field id → value);
 * ids the form does not have are dropped, fields not sent count as empty.
 * validateForm(fields, { [emailId]: 'nope' }).message → 'One or more fields is invalid, …'
 */
export function validateForm(fields: readonly unknown[], submitted: Readonly<Record<string, unknown>>): FormCheck {
  const errors: Record<string, string> = {};
  const values: Record<string, FieldValue> = {};
  for (const entry of fields) {
    const field = asRule(entry);
    if (!field || field.type === 'section') continue;
    const raw = Object.hasOwn(submitted, field.id) ? submitted[field.id] : undefined;
    const checked = validateField(field, raw);
    if (checked.value !== undefined) values[field.id] = checked.value;
    if (checked.error !== null) errors[field.id] = checked.error;
  }
  const ok = Object.keys(errors).length === 0;
  return { ok, errors, values, message: ok ? null : FORM_MESSAGES.formInvalid };
}
