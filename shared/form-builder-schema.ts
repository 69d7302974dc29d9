/**
 * What the form builder saves (PUT /api/owner/forms/{formId}), as the zod
 * schema the owner route parses with and the builder panel checks with
 * before sending. A field keeps only the properties the builder offers for
 * its type (spec section 3, shared/form-field-types.ts); the settings are
 * grouped by the form model's fieldset steps BUILD, STORAGE, ADVANCED,
 * CAPTCHA and DISCLAIMER. Messages are ours, except the spec's 'Please
 * enter a valid email' and '{val} is not a valid page URL' (section 5).
 */
// Named imports, not the z namespace: the admin bundle then carries only what the schemas use.
import { array, boolean, type infer as Infer, number, object, string, enum as zodEnum } from 'zod';
import {
  FIELD_PROPERTIES,
  type FieldProperty,
  FORM_FIELD_TYPES,
  type FORM_FIELDSET_STEPS,
  type FormFieldType,
} from './form-field-types.ts';
import { isValidEmail } from './form-validation.ts';

export const FORM_BUILDER_MESSAGES = {
  nameMissing: 'Please name the form.',
  nameTooLong: 'Form names can be at most 200 characters long.',
  titleMissing: 'Please give the field a title.',
  titleTooLong: 'Field titles can be at most 200 characters long.',
  textTooLong: (max: number) => `This can be at most ${max.toLocaleString('en-US')} characters long.`,
  typeInvalid: 'Please choose one of the field types.',
  optionsMissing: 'Please give at least one option, one a line.',
  tooManyOptions: 'A field can have at most 100 options.',
  optionRepeated: 'Each option can be listed only once.',
  keyInvalid: 'Keys are letters, digits, - and _ only (1 to 100).',
  maxLengthInvalid: 'Please enter a whole number from 1 to 100,000, or leave it empty for no limit.',
  tooManyFields: 'A form can have at most 100 fields.',
  // Spec section 5.
  emailInvalid: 'Please enter a valid email',
  // Spec section 5, with {val} the address given.
  redirectInvalid: (value: string) => `${value} is not a valid page URL`,
  fieldNotInForm: 'This field is not one of this form’s. Reload the builder and try again.',
  htmlNeedsCodeInjection: 'Only a role that may change code injection can change the post-submit HTML.',
} as const;

/**
 * The forms table has no columns for these; the form's storage settings
 * keep them: the notification address (api/services/form-notification.ts),
 * a newsletter's mailing list and the submit button's wording.
 */
export const FORM_STORAGE_KEYS = {
  email: 'email',
  mailingList: 'mailingList',
  submitButtonText: 'submitButtonText',
} as const;

/** Spec section 9: the validator's URL maximum length. */
export const URL_MAX_LENGTH = 2083;
export const MAX_FORM_FIELDS = 100;
export const MAX_FIELD_OPTIONS = 100;
export const MAX_TEXTAREA_LENGTH = 100_000;

const text = (max: number) => string().trim().max(max, FORM_BUILDER_MESSAGES.textTooLong(max));

/** The types whose field lists options (spec section 3: radio, checkbox, select, likert). */
const CHOICE_TYPES: ReadonlySet<FormFieldType> = new Set(['radio', 'checkbox', 'select', 'likert']);

/** One builder field as sent: every property the builder has, of which the type's own are kept. */
const sentField = object({
  /** A field the form already has keeps its id (submissions are keyed by it); a new field has none. */
  id: string().max(64).optional(),
  type: zodEnum(FORM_FIELD_TYPES, FORM_BUILDER_MESSAGES.typeInvalid),
  title: string().trim().min(1, FORM_BUILDER_MESSAGES.titleMissing).max(200, FORM_BUILDER_MESSAGES.titleTooLong),
  description: text(2000).optional(),
  placeholder: text(200).optional(),
  required: boolean().optional(),
  currencySymbol: text(8).optional(),
  showCountryCode: boolean().optional(),
  underline: boolean().optional(),
  options: array(string().trim().min(1).max(200, FORM_BUILDER_MESSAGES.textTooLong(200)))
    .max(MAX_FIELD_OPTIONS, FORM_BUILDER_MESSAGES.tooManyOptions)
    .optional(),
  maxLength: number()
    .int(FORM_BUILDER_MESSAGES.maxLengthInvalid)
    .min(1, FORM_BUILDER_MESSAGES.maxLengthInvalid)
    .max(MAX_TEXTAREA_LENGTH, FORM_BUILDER_MESSAGES.maxLengthInvalid)
    .nullish(),
  key: string().trim().optional(),
  value: text(2000).optional(),
});

export type BuilderFieldInput = Infer<typeof sentField>;

/** A field as saved: its type's properties only, blank text left out. */
export type BuilderField = { id?: string; type: FormFieldType; title: string } & Partial<
  Record<'description' | 'placeholder' | 'currencySymbol' | 'key' | 'value', string> &
    Record<'required' | 'showCountryCode' | 'underline', boolean> & { options: string[]; maxLength: number }
>;

const KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

export const builderFieldSchema = sentField
  .superRefine((field, context) => {
    const offered = FIELD_PROPERTIES[field.type];
    if (CHOICE_TYPES.has(field.type)) {
      const options = field.options ?? [];
      if (options.length === 0) {
        context.addIssue({ code: 'custom', path: ['options'], message: FORM_BUILDER_MESSAGES.optionsMissing });
      } else if (new Set(options).size !== options.length) {
        context.addIssue({ code: 'custom', path: ['options'], message: FORM_BUILDER_MESSAGES.optionRepeated });
      }
    }
    if (offered.includes('key') && !KEY_PATTERN.test(field.key ?? '')) {
      context.addIssue({ code: 'custom', path: ['key'], message: FORM_BUILDER_MESSAGES.keyInvalid });
    }
  })
  .transform((field): BuilderField => {
    const offered: readonly FieldProperty[] = FIELD_PROPERTIES[field.type];
    const kept: BuilderField = { type: field.type, title: field.title };
    if (field.id !== undefined) kept.id = field.id;
    for (const property of offered) {
      const value = field[property];
      if (value === undefined || value === null || value === '') continue;
      Object.assign(kept, { [property]: value });
    }
    return kept;
  });

const successRedirect = string()
  .trim()
  .superRefine((value, context) => {
    if (value === '') return;
    const ok =
      value.length <= URL_MAX_LENGTH &&
      (/^\/(?!\/)\S*$/.test(value) || /^https?:\/\/[^\s/]+\.[^\s/]+\S*$/i.test(value));
    if (!ok) context.addIssue({ code: 'custom', message: FORM_BUILDER_MESSAGES.redirectInvalid(value) });
  });

const optionalEmail = string()
  .trim()
  .max(256, FORM_BUILDER_MESSAGES.emailInvalid)
  .refine((value) => value === '' || isValidEmail(value), FORM_BUILDER_MESSAGES.emailInvalid);

export const formBuilderSchema = object({
  // BUILD
  name: string().trim().min(1, FORM_BUILDER_MESSAGES.nameMissing).max(200, FORM_BUILDER_MESSAGES.nameTooLong),
  fields: array(builderFieldSchema).max(MAX_FORM_FIELDS, FORM_BUILDER_MESSAGES.tooManyFields),
  // STORAGE
  notificationEmail: optionalEmail,
  mailingList: text(100),
  // ADVANCED
  submitButtonText: text(100),
  submissionMessage: text(2000),
  submissionHtml: string().max(10_000, FORM_BUILDER_MESSAGES.textTooLong(10_000)),
  successRedirect,
  // CAPTCHA
  captchaEnabled: boolean(),
  captchaTheme: zodEnum(['light', 'dark']),
  captchaAlignment: zodEnum(['left', 'center', 'right']),
  // DISCLAIMER
  disclaimerMessage: text(2000),
});

export type FormBuilderInput = Infer<typeof formBuilderSchema>;
/** What the builder sends: fields before their type's properties are picked. */
export type FormBuilderDraft = Omit<FormBuilderInput, 'fields'> & { fields: BuilderFieldInput[] };

export type FieldsetStep = keyof typeof FORM_FIELDSET_STEPS;

/** Which fieldset step of the builder shows each setting, so a refused save opens the step with the problem. */
export const FORM_SETTING_STEPS: Readonly<Record<keyof FormBuilderInput, FieldsetStep>> = {
  name: 'BUILD',
  fields: 'BUILD',
  notificationEmail: 'STORAGE',
  mailingList: 'STORAGE',
  submitButtonText: 'ADVANCED',
  submissionMessage: 'ADVANCED',
  submissionHtml: 'ADVANCED',
  successRedirect: 'ADVANCED',
  captchaEnabled: 'CAPTCHA',
  captchaTheme: 'CAPTCHA',
  captchaAlignment: 'CAPTCHA',
  disclaimerMessage: 'DISCLAIMER',
};
