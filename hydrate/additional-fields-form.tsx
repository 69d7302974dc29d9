/**
 * A product's additional-fields form, opened in the modal lightbox before the
 * product is added (spec section 2). The fields are the server's markup (the
 * product page's <template data-additional-fields-form>, rendered by the
 * same partial as form blocks), so the browser never renders fields itself;
 * this checks required fields and collects the values keyed by field id.
 */
import { type FormEvent, useCallback } from 'react';
import { ModalDialog } from './modal/modal-dialog.tsx';

/** Spec section 5: the forms' message for a required field left empty. */
export const FIELD_REQUIRED_MESSAGE = 'Required';

export interface AdditionalFieldsForm {
  name: string;
  disclaimer: string;
  /** The fields, as the page's template element holds them; each opening shows a fresh copy. */
  fields: DocumentFragment;
}

/** A field's values: the submission's shapes of spec section 3. */
export type AdditionalFieldValues = Record<string, string | string[] | Record<string, string>>;

const CONTROLS = 'input:not([type=hidden]),select,textarea';

/** Field types whose value is always a list: parts in order, or the checked boxes. */
const LIST_TYPES = ['address', 'checkbox', 'date', 'name', 'phone', 'time'];

/**
 * The form of the button's data-form (name, disclaimer) with the fields of
 * the page's template for the same item; null when either is missing or unreadable.
 */
export function readAdditionalFieldsForm(doc: Document, itemId: string, formJson: string): AdditionalFieldsForm | null {
  let form: { name?: unknown; disclaimerMessage?: unknown } | null;
  try {
    form = JSON.parse(formJson);
  } catch {
    return null;
  }
  const template = Array.from(doc.querySelectorAll<HTMLTemplateElement>('template[data-additional-fields-form]')).find(
    (candidate) => candidate.dataset.itemId === itemId,
  );
  if (!template || typeof form?.name !== 'string') return null;
  return {
    name: form.name,
    disclaimer: typeof form.disclaimerMessage === 'string' ? form.disclaimerMessage : '',
    fields: template.content,
  };
}

/** A required field is missing when none of its choices is checked, or a required control of it is blank. */
function isMissing(field: HTMLElement): boolean {
  const choices = Array.from(field.querySelectorAll<HTMLInputElement>('[type=radio],[type=checkbox]'));
  if (choices.length > 0) return !choices.some((choice) => choice.checked);
  return Array.from(field.querySelectorAll<HTMLInputElement>('[required]')).some((c) => c.value.trim() === '');
}

/**
 * Shows 'Required' in each empty required field's error slot (clearing the
 * others) and focuses the first; returns the values when every field is filled.
 */
export function checkAdditionalFields(form: HTMLFormElement): AdditionalFieldValues | null {
  const fields = Array.from(form.querySelectorAll<HTMLElement>('[data-field-id]'));
  let firstInvalid: HTMLElement | null = null;
  for (const field of fields) {
    const slot = field.querySelector<HTMLElement>('.field-error');
    if (!slot) continue;
    const missing = field.dataset.required === 'true' && isMissing(field);
    slot.textContent = missing ? FIELD_REQUIRED_MESSAGE : '';
    slot.hidden = !missing;
    for (const control of field.querySelectorAll(CONTROLS)) {
      if (missing) control.setAttribute('aria-invalid', 'true');
      else control.removeAttribute('aria-invalid');
    }
    if (missing) firstInvalid ??= field.querySelector<HTMLElement>(CONTROLS);
  }
  if (firstInvalid) {
    firstInvalid.focus();
    return null;
  }
  const data = new FormData(form);
  const values: AdditionalFieldValues = {};
  for (const field of fields) {
    const { fieldId = '', fieldType = '' } = field.dataset;
    if (fieldType === 'section') continue;
    if (fieldType === 'likert') {
      // Each statement maps to its checked answer.
      values[fieldId] = Object.fromEntries(
        Array.from(field.querySelectorAll<HTMLElement>('[data-question]'), (question) => [
          question.dataset.question ?? '',
          question.querySelector<HTMLInputElement>(':checked')?.value ?? '',
        ]),
      );
      continue;
    }
    const all = data.getAll(fieldId).map(String);
    // Spec section 3: a phone of 3 parts gets a blank country code first.
    if (fieldType === 'phone' && all.length === 3) all.unshift('');
    values[fieldId] = LIST_TYPES.includes(fieldType) ? all : (all[0] ?? '');
  }
  return values;
}

export interface AdditionalFieldsDialogProps {
  form: AdditionalFieldsForm;
  /** The add-to-cart button's own label ('Add To Cart'). */
  submitLabel: string;
  onSubmit: (values: AdditionalFieldValues) => void;
  onClose: () => void;
}

export function AdditionalFieldsDialog({ form, submitLabel, onSubmit, onClose }: AdditionalFieldsDialogProps) {
  // Filled before the dialog's focus effect runs, so the first control takes focus rather than the close button.
  const fill = useCallback(
    (slot: HTMLDivElement | null) => {
      if (!slot || slot.firstChild) return;
      slot.append(form.fields.cloneNode(true));
      slot.querySelector(CONTROLS)?.setAttribute('data-autofocus', '');
    },
    [form],
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = checkAdditionalFields(event.currentTarget);
    if (values) onSubmit(values);
  };
  return (
    <ModalDialog open title={form.name} onClose={onClose} className="product-form">
      {/* novalidate: the messages are the spec's, shown in each field's error slot. */}
      <form className="product-form__form" noValidate onSubmit={submit}>
        <div className="product-form__fields" ref={fill} />
        {form.disclaimer ? <p className="form-disclaimer">{form.disclaimer}</p> : null}
        <button type="submit" className="button form-submit">
          {submitLabel}
        </button>
      </form>
    </ModalDialog>
  );
}
