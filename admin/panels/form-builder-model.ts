/**
 * The form builder's model: a form's fields as the builder holds them
 * (each with a uid for React and the focus, its id once saved), the field
 * types' names, and the edits the builder offers, as pure functions of the
 * list so they are tested without a browser.
 */
import type { BuilderFieldInput } from '../../shared/form-builder-schema.ts';
import type { FormFieldType } from '../../shared/form-field-types.ts';

export interface EditableField extends BuilderFieldInput {
  /** For React and the focus; not `key`, which a hidden field has as a property of its own. */
  uid: string;
}

export const FIELD_TYPE_LABELS: Readonly<Record<FormFieldType, string>> = {
  text: 'Text',
  textarea: 'Text area',
  email: 'Email',
  number: 'Number',
  currency: 'Currency',
  website: 'Website',
  password: 'Password',
  twitter: 'Twitter',
  date: 'Date',
  time: 'Time',
  name: 'Name',
  address: 'Address',
  phone: 'Phone',
  section: 'Section',
  radio: 'Radio buttons',
  checkbox: 'Checkboxes',
  select: 'Drop-down',
  likert: 'Likert scale',
  hidden: 'Hidden',
};

let uids = 0;
const nextUid = () => `field-${++uids}`;

export function editableField(field: BuilderFieldInput): EditableField {
  return { ...field, uid: nextUid() };
}

/** What the builder sends: the fields without their uids. */
export function sentFields(fields: readonly EditableField[]): BuilderFieldInput[] {
  return fields.map(({ uid: _uid, ...field }) => field);
}

/** A new field of a type, titled by the type, with what that type needs to be saved (options, a key). */
export function newField(type: FormFieldType): EditableField {
  const field: BuilderFieldInput = { type, title: FIELD_TYPE_LABELS[type] };
  if (type === 'radio' || type === 'checkbox' || type === 'select') field.options = ['Option 1', 'Option 2'];
  if (type === 'likert') field.options = ['Statement 1'];
  if (type === 'hidden') {
    field.key = 'source';
    field.value = '';
  }
  return editableField(field);
}

export function moveField(fields: readonly EditableField[], index: number, by: -1 | 1): EditableField[] {
  const target = index + by;
  if (index < 0 || index >= fields.length || target < 0 || target >= fields.length) return [...fields];
  const next = [...fields];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

export function removeField(fields: readonly EditableField[], index: number): EditableField[] {
  return fields.filter((_, i) => i !== index);
}

export function changeField(
  fields: readonly EditableField[],
  index: number,
  change: Partial<BuilderFieldInput>,
): EditableField[] {
  return fields.map((field, i) => (i === index ? { ...field, ...change } : field));
}

/** 'fields.3.title' → 3: which field a save's problem is about. */
export function problemFieldIndex(path: string): number | undefined {
  const match = /^fields\.(\d+)(?:\.|$)/.exec(path);
  return match ? Number(match[1]) : undefined;
}
