/**
 * One form-builder field (spec section 3, Form) → the view
 * templates/page-blocks/form-field.html renders: an accessible control, or a
 * fieldset of controls, that the form island reads and validates.
 *
 * Every control of a field is named by the field id, parts in their order,
 * so FormData.getAll(fieldId) is already the submission's value shape (spec
 * section 3: arrays of sub-values for address, date, name, time and phone,
 * the checked values for checkbox); likert questions are radio groups of
 * their own, named fieldId-N. Element ids start with the block's id, so two
 * blocks showing the same form never share one.
 */
import type { FormField } from '../../api/db/schema.ts';
import { LIKERT_ANSWERS } from '../../formatters/commerce/form-summary.ts';
import { likertGroupName } from '../../shared/form-answers.ts';
import type { FormFieldType } from '../../shared/form-field-types.ts';
import { characterCount, hiddenFieldValue } from '../../shared/form-validation.ts';
import { idPart } from './block-dom-id.ts';
import { AM_PM, FORM_LABELS } from './form-labels.ts';

// The builder's field types are shared with the validation rules and the form island.
export { FORM_FIELD_TYPES, type FormFieldType, isFormFieldType } from '../../shared/form-field-types.ts';

interface InputView {
  readonly inputType: 'text' | 'email' | 'url' | 'password';
  readonly autocomplete: string | null;
  readonly inputMode: string | null;
  readonly placeholder: string | null;
  /** Shown before the box (currency symbol, '@'); read as part of the description. */
  readonly prefix: { readonly id: string; readonly text: string } | null;
  /** What the visitor sent, shown again when a form without script comes back with problems. */
  readonly value: string | null;
}

interface TextareaView {
  readonly placeholder: string | null;
  /** The 'count / max' counter the island keeps up to date (spec section 2). */
  readonly counter: {
    readonly id: string;
    readonly max: number;
    /** The answer's length when a form comes back without script; the island keeps it up to date. */
    readonly count: number;
    readonly over: boolean;
  } | null;
  readonly value: string | null;
}

interface SelectView {
  readonly prompt: string;
  readonly options: readonly { readonly value: string; readonly label: string; readonly selected: boolean }[];
}

interface ChoicesView {
  readonly inputType: 'radio' | 'checkbox';
  /** A radio group is required through its radios; a checkbox group cannot say so in HTML, the island checks it. */
  readonly required: boolean;
  readonly options: readonly {
    readonly id: string;
    readonly value: string;
    readonly label: string;
    readonly checked: boolean;
  }[];
}

interface PartView {
  readonly key: string;
  readonly id: string;
  readonly label: string;
  readonly autocomplete: string | null;
  readonly inputMode: string | null;
  readonly maxLength: number | null;
  readonly placeholder: string | null;
  readonly required: boolean;
  /** Set for a part chosen from a list (AM/PM); it is then a select. */
  readonly choices: readonly { readonly value: string; readonly selected: boolean }[] | null;
  readonly value: string | null;
}

interface LikertView {
  readonly questions: readonly {
    readonly text: string;
    readonly group: string;
    readonly answers: readonly {
      readonly id: string;
      readonly value: string;
      readonly label: string;
      readonly checked: boolean;
    }[];
  }[];
}

interface Controls {
  readonly input: InputView | null;
  readonly textarea: TextareaView | null;
  readonly select: SelectView | null;
  readonly choices: ChoicesView | null;
  readonly parts: { readonly items: readonly PartView[] } | null;
  readonly likert: LikertView | null;
  readonly section: { readonly underline: boolean; readonly description: string | null } | null;
  readonly hidden: { readonly value: string } | null;
}

export interface FieldView extends Controls {
  readonly fieldId: string;
  readonly type: FormFieldType;
  readonly name: string;
  /** The id of the field's one control, and the start of its parts' and options' ids. */
  readonly controlId: string;
  readonly title: string;
  /** Shown with a visible mark, and data-required for the island. */
  readonly required: boolean;
  /** The mark is hidden from assistive technology when the controls already announce "required". */
  readonly markHidden: boolean;
  /** Set for fields of several controls: a fieldset with a legend instead of a label. */
  readonly group: { readonly role: 'radiogroup' | null; readonly ariaRequired: boolean } | null;
  readonly description: { readonly id: string; readonly text: string } | null;
  readonly errorId: string;
  /** The server's message for the field (a form sent without script and shown again), else null. */
  readonly error: string | null;
  readonly describedBy: string;
}

export interface FieldEnv {
  /** The block's element id. */
  readonly domId: string;
  readonly queryString: URLSearchParams | undefined;
  /** What the visitor sent for the field, when a form posted without script comes back with problems. */
  readonly answer?: unknown;
  readonly error?: string | null;
}

/** What a field type adds to the common parts of its view. */
type FieldShape = Partial<Controls> & {
  readonly group?: FieldView['group'];
  /** Ids read with the description (a prefix, a counter). */
  readonly describedBy?: readonly string[];
  /** Likert has no required check (spec section 5), so it shows no mark either. */
  readonly neverRequired?: boolean;
  readonly markHidden?: boolean;
};

interface FieldBase {
  readonly field: FormField;
  readonly controlId: string;
  readonly required: boolean;
}

type FieldShaper = (base: FieldBase, env: FieldEnv) => FieldShape;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const answerText = (answer: unknown): string | null => (typeof answer === 'string' ? answer : null);
const answerList = (answer: unknown): readonly unknown[] =>
  Array.isArray(answer) ? answer : typeof answer === 'string' ? [answer] : [];
const options = (field: FormField): string[] =>
  Array.isArray(field.options) ? field.options.filter((o): o is string => typeof o === 'string') : [];

interface InputSpec {
  readonly inputType: InputView['inputType'];
  readonly autocomplete?: string;
  readonly inputMode?: string;
  /** Spec section 3: only text, textarea, email, number and website take a placeholder. */
  readonly placeholder?: boolean;
  readonly prefix?: (field: FormField) => string | null;
}

function singleInput(spec: InputSpec): FieldShaper {
  return ({ field, controlId }, env) => {
    const prefixText = spec.prefix?.(field) ?? null;
    const prefix = prefixText === null ? null : { id: `${controlId}-prefix`, text: prefixText };
    return {
      input: {
        inputType: spec.inputType,
        autocomplete: spec.autocomplete ?? null,
        inputMode: spec.inputMode ?? null,
        placeholder: spec.placeholder ? text(field.placeholder) : null,
        prefix,
        // A password is never sent back into the page.
        value: spec.inputType === 'password' ? null : answerText(env.answer),
      },
      describedBy: prefix ? [prefix.id] : [],
    };
  };
}

interface PartSpec {
  readonly key: string;
  readonly label: string;
  readonly autocomplete?: string;
  readonly inputMode?: string;
  readonly maxLength?: number;
  readonly placeholder?: string;
  /** Parts a visitor may leave empty even in a required field. */
  readonly optional?: boolean;
  readonly choices?: readonly string[];
}

function partsGroup(specs: (field: FormField) => readonly PartSpec[]): FieldShaper {
  return ({ field, controlId, required }, env) => {
    const sent = answerList(env.answer);
    return {
      group: { role: null, ariaRequired: false },
      markHidden: true,
      parts: {
        items: specs(field).map((part, i) => ({
          key: part.key,
          id: `${controlId}-${part.key}`,
          label: part.label,
          autocomplete: part.autocomplete ?? null,
          inputMode: part.inputMode ?? null,
          maxLength: part.maxLength ?? null,
          placeholder: part.placeholder ?? null,
          required: required && !part.optional && part.choices === undefined,
          choices: part.choices?.map((value) => ({ value, selected: sent[i] === value })) ?? null,
          value: answerText(sent[i]),
        })),
      },
    };
  };
}

const NAME_PARTS: readonly PartSpec[] = [
  { key: 'first', label: FORM_LABELS.firstName, autocomplete: 'given-name' },
  { key: 'last', label: FORM_LABELS.lastName, autocomplete: 'family-name' },
];

const ADDRESS_PARTS: readonly PartSpec[] = [
  { key: 'line1', label: FORM_LABELS.addressLine1, autocomplete: 'address-line1' },
  { key: 'line2', label: FORM_LABELS.addressLine2, autocomplete: 'address-line2', optional: true },
  { key: 'city', label: FORM_LABELS.city, autocomplete: 'address-level2' },
  { key: 'state', label: FORM_LABELS.state, autocomplete: 'address-level1' },
  { key: 'zip', label: FORM_LABELS.zip, autocomplete: 'postal-code' },
  { key: 'country', label: FORM_LABELS.country, autocomplete: 'country-name' },
];

const DATE_PARTS: readonly PartSpec[] = [
  { key: 'month', label: FORM_LABELS.month, inputMode: 'numeric', maxLength: 2, placeholder: 'MM' },
  { key: 'day', label: FORM_LABELS.day, inputMode: 'numeric', maxLength: 2, placeholder: 'DD' },
  { key: 'year', label: FORM_LABELS.year, inputMode: 'numeric', maxLength: 4, placeholder: 'YYYY' },
];

const TIME_PARTS: readonly PartSpec[] = [
  { key: 'hour', label: FORM_LABELS.hour, inputMode: 'numeric', maxLength: 2, placeholder: 'hh' },
  { key: 'minute', label: FORM_LABELS.minute, inputMode: 'numeric', maxLength: 2, placeholder: 'mm' },
  { key: 'ampm', label: FORM_LABELS.ampm, choices: AM_PM },
];

const COUNTRY_CODE_PART: PartSpec = {
  key: 'country-code',
  label: FORM_LABELS.countryCode,
  autocomplete: 'tel-country-code',
  inputMode: 'tel',
  maxLength: 4,
  optional: true,
};

// Spec section 5: a phone has 3 parts, or 4 with the country code first.
const PHONE_PARTS: readonly PartSpec[] = [
  {
    key: 'area',
    label: FORM_LABELS.areaCode,
    autocomplete: 'tel-area-code',
    inputMode: 'tel',
    maxLength: 3,
    placeholder: '###',
  },
  {
    key: 'prefix',
    label: FORM_LABELS.phonePrefix,
    autocomplete: 'tel-local-prefix',
    inputMode: 'tel',
    maxLength: 3,
    placeholder: '###',
  },
  {
    key: 'line',
    label: FORM_LABELS.lineNumber,
    autocomplete: 'tel-local-suffix',
    inputMode: 'tel',
    maxLength: 4,
    placeholder: '####',
  },
];

function choiceGroup(inputType: ChoicesView['inputType']): FieldShaper {
  return ({ field, controlId, required }, env) => ({
    group: { role: inputType === 'radio' ? 'radiogroup' : null, ariaRequired: inputType === 'radio' && required },
    markHidden: inputType === 'radio',
    choices: {
      inputType,
      required: inputType === 'radio' && required,
      options: options(field).map((value, i) => ({
        id: `${controlId}-${i}`,
        value,
        label: value,
        checked: answerList(env.answer).includes(value),
      })),
    },
  });
}

const likertAnswer = (answer: unknown, question: string): unknown =>
  answer !== null && typeof answer === 'object' && !Array.isArray(answer) && Object.hasOwn(answer, question)
    ? (answer as Record<string, unknown>)[question]
    : undefined;

/** Likert answers in the spec's order, -2 (Strongly Disagree) to 2 (Strongly Agree). */
const LIKERT_SCALE = ['-2', '-1', '0', '1', '2'].map((value) => ({ value, label: LIKERT_ANSWERS[value]! }));

const FIELD_SHAPERS: Record<FormFieldType, FieldShaper> = {
  text: singleInput({ inputType: 'text', placeholder: true }),
  email: singleInput({ inputType: 'email', autocomplete: 'email', placeholder: true }),
  // Text with a numeric keyboard rather than type=number, which rounds, spins on scroll and accepts 'e'.
  number: singleInput({ inputType: 'text', inputMode: 'decimal', placeholder: true }),
  currency: singleInput({ inputType: 'text', inputMode: 'decimal', prefix: (field) => text(field.currencySymbol) }),
  website: singleInput({ inputType: 'url', autocomplete: 'url', placeholder: true }),
  password: singleInput({ inputType: 'password', autocomplete: 'off' }),
  twitter: singleInput({ inputType: 'text', autocomplete: 'off', prefix: () => '@' }),
  textarea: ({ field, controlId }, env) => {
    const max = typeof field.maxLength === 'number' && field.maxLength > 0 ? Math.floor(field.maxLength) : null;
    const value = answerText(env.answer);
    const count = characterCount(value ?? '');
    // No maxlength attribute: the spec lets a visitor go over and flags it ('You have exceeded the character limit.').
    const counter = max === null ? null : { id: `${controlId}-counter`, max, count, over: count > max };
    return {
      textarea: { placeholder: text(field.placeholder), counter, value },
      describedBy: counter ? [counter.id] : [],
    };
  },
  select: ({ field }, env) => ({
    select: {
      prompt: FORM_LABELS.selectPrompt,
      options: options(field).map((value) => ({ value, label: value, selected: answerText(env.answer) === value })),
    },
  }),
  radio: choiceGroup('radio'),
  checkbox: choiceGroup('checkbox'),
  name: partsGroup(() => NAME_PARTS),
  address: partsGroup(() => ADDRESS_PARTS),
  date: partsGroup(() => DATE_PARTS),
  time: partsGroup(() => TIME_PARTS),
  phone: partsGroup((field) => (field.showCountryCode ? [COUNTRY_CODE_PART, ...PHONE_PARTS] : PHONE_PARTS)),
  likert: ({ field, controlId }, env) => ({
    group: { role: null, ariaRequired: false },
    neverRequired: true,
    likert: {
      questions: options(field).map((question, q) => ({
        text: question,
        group: likertGroupName(String(field.id), q),
        answers: LIKERT_SCALE.map((answer, a) => ({
          id: `${controlId}-${q}-${a}`,
          ...answer,
          checked: likertAnswer(env.answer, question) === answer.value,
        })),
      })),
    },
  }),
  section: ({ field }) => ({
    section: { underline: field.underline === true, description: text(field.description) },
    neverRequired: true,
  }),
  hidden: ({ field }, env) => ({ hidden: { value: hiddenFieldValue(field, env.queryString) }, neverRequired: true }),
};

/** The view of one field of a known type (check with isFormFieldType first). */
export function formFieldView(field: FormField & { type: FormFieldType }, env: FieldEnv): FieldView {
  const controlId = `${env.domId}-${idPart(String(field.id))}`;
  const shape = FIELD_SHAPERS[field.type]({ field, controlId, required: field.required === true }, env);
  const required = field.required === true && !shape.neverRequired;
  const descriptionText = field.type === 'section' ? null : text(field.description);
  const description = descriptionText === null ? null : { id: `${controlId}-description`, text: descriptionText };
  const errorId = `${controlId}-error`;
  const describedBy = [description?.id, ...(shape.describedBy ?? []), errorId].filter((id) => id !== undefined);
  // Every control key is present (null when unused): the template's lookups must not find an enclosing value.
  return {
    input: shape.input ?? null,
    textarea: shape.textarea ?? null,
    select: shape.select ?? null,
    choices: shape.choices ?? null,
    parts: shape.parts ?? null,
    likert: shape.likert ?? null,
    section: shape.section ?? null,
    hidden: shape.hidden ?? null,
    fieldId: String(field.id),
    type: field.type,
    name: String(field.id),
    controlId,
    title: typeof field.title === 'string' ? field.title : '',
    required,
    markHidden: shape.markHidden ?? !shape.group,
    group: shape.group ?? null,
    description,
    errorId,
    error: env.error ?? null,
    describedBy: describedBy.join(' '),
  };
}
