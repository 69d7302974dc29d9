/**
 * The form builder's field types and what an owner may edit on each (spec
 * section 3, Form), with the parts of the multi-part types. The renderer,
 * the validation rules, the GetTemplateSchema call and the form island all
 * read this one table. Pure: nothing here may import server or browser code.
 */

export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'number',
  'currency',
  'website',
  'password',
  'twitter',
  'date',
  'time',
  'name',
  'address',
  'phone',
  'section',
  'radio',
  'checkbox',
  'select',
  'likert',
  'hidden',
] as const;

export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export const isFormFieldType = (type: unknown): type is FormFieldType =>
  FORM_FIELD_TYPES.includes(type as FormFieldType);

export type FieldProperty =
  | 'description'
  | 'placeholder'
  | 'required'
  | 'currencySymbol'
  | 'showCountryCode'
  | 'underline'
  | 'options'
  | 'key'
  | 'value'
  | 'maxLength';

/** Spec section 3: the builder's editable properties per field type, in the spec's order. */
export const FIELD_PROPERTIES: Readonly<Record<FormFieldType, readonly FieldProperty[]>> = {
  text: ['description', 'placeholder', 'required'],
  // maxLength only when the form-handler feature flag is on; the schema says so (FLAGGED_PROPERTIES).
  textarea: ['description', 'placeholder', 'required', 'maxLength'],
  email: ['description', 'placeholder', 'required'],
  number: ['description', 'placeholder', 'required'],
  currency: ['description', 'currencySymbol', 'required'],
  website: ['description', 'placeholder', 'required'],
  password: ['description', 'required'],
  twitter: ['description', 'required'],
  date: ['description', 'required'],
  time: ['description', 'required'],
  name: ['description', 'required'],
  address: ['description', 'required'],
  phone: ['description', 'showCountryCode', 'required'],
  section: ['description', 'underline'],
  radio: ['description', 'options', 'required'],
  checkbox: ['description', 'options', 'required'],
  select: ['description', 'options', 'required'],
  likert: ['description', 'options', 'required'],
  hidden: ['key', 'value'],
};

/** Properties the builder offers only behind a feature flag (spec section 3). */
export const FLAGGED_PROPERTIES: Readonly<Partial<Record<FormFieldType, Partial<Record<FieldProperty, string>>>>> = {
  textarea: { maxLength: 'form-handler' },
};

/** Spec section 3: the answer types, whose values are structured rather than one string. */
export const ANSWER_TYPES = ['address', 'checkbox', 'date', 'likert', 'name', 'phone', 'time'] as const;

/** Spec section 3: the form model's fieldset steps. */
export const FORM_FIELDSET_STEPS = { BUILD: 1, STORAGE: 2, ADVANCED: 3, CAPTCHA: 4, DISCLAIMER: 5 } as const;

/** One part of a multi-part field; optional parts may stay blank in a required field. */
export interface FieldPart {
  readonly key: string;
  readonly optional?: boolean;
}

export type MultiPartType = 'name' | 'address' | 'date' | 'time' | 'phone';

/**
 * The parts of each multi-part type, in the order the submission lists them
 * (spec section 3: arrays of sub-values). A phone is always four parts once
 * normalized: the country code first, blank when the form does not ask for it.
 * The AM/PM part of a time is a choice with a default, never blank.
 */
export const FIELD_PARTS: Readonly<Record<MultiPartType, readonly FieldPart[]>> = {
  name: [{ key: 'first' }, { key: 'last' }],
  address: [
    { key: 'line1' },
    { key: 'line2', optional: true },
    { key: 'city' },
    { key: 'state' },
    { key: 'zip' },
    { key: 'country' },
  ],
  date: [{ key: 'month' }, { key: 'day' }, { key: 'year' }],
  time: [{ key: 'hour' }, { key: 'minute' }, { key: 'ampm', optional: true }],
  phone: [{ key: 'country-code', optional: true }, { key: 'area' }, { key: 'prefix' }, { key: 'line' }],
};

export const isMultiPartType = (type: string): type is MultiPartType => Object.hasOwn(FIELD_PARTS, type);
