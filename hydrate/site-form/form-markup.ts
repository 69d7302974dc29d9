/**
 * What the form island reads off a form block's server markup
 * (templates/page-blocks/form-field.html): each field's rule, from the
 * same attributes and controls the server printed from the form, and the
 * visitor's answers in the submission's value shapes. The rules and the
 * reading of answers are the shared modules' (shared/form-validation.ts,
 * shared/form-answers.ts), so the browser checks exactly what the server
 * checks; only where the rule's parts live differs.
 */
import { answersFromEntries } from '../../shared/form-answers.ts';
import type { FormFieldRule } from '../../shared/form-validation.ts';

/** A field of the form and the element that holds its controls and its error slot. */
export interface MarkedField {
  readonly rule: FormFieldRule;
  readonly element: HTMLElement;
}

const CONTROLS = 'input, select, textarea';

function optionValues(element: HTMLElement, type: string): string[] {
  if (type === 'select') {
    return Array.from(element.querySelectorAll<HTMLOptionElement>('option'))
      .map((option) => option.value)
      .filter((value) => value !== '');
  }
  if (type === 'radio' || type === 'checkbox') {
    return Array.from(element.querySelectorAll<HTMLInputElement>(`input[type="${type}"]`)).map((input) => input.value);
  }
  if (type === 'likert') {
    return Array.from(element.querySelectorAll<HTMLElement>('[data-question]')).map((q) => q.dataset.question ?? '');
  }
  return [];
}

/** Every field of the form, sections included (the rules skip them), in page order. */
export function readFields(form: HTMLFormElement): MarkedField[] {
  return Array.from(form.querySelectorAll<HTMLElement>('[data-field-id][data-field-type]')).map((element) => {
    const type = element.dataset.fieldType ?? '';
    const max = Number(element.querySelector<HTMLElement>('textarea[data-max-length]')?.dataset.maxLength);
    return {
      element,
      rule: {
        id: element.dataset.fieldId ?? '',
        type,
        required: element.dataset.required === 'true',
        options: optionValues(element, type),
        maxLength: Number.isFinite(max) && max > 0 ? max : undefined,
      },
    };
  });
}

/**
 * What the form would post, control name → values in order, as FormData's
 * getAll reads them (written out because a control's own state is all it
 * needs, and test documents have no FormData).
 */
export function readEntries(form: HTMLFormElement): (name: string) => string[] {
  const controls = Array.from(form.querySelectorAll<HTMLInputElement>(CONTROLS));
  return (name) =>
    controls
      .filter((control) => control.name === name && !control.disabled)
      .filter((control) => !(control.type === 'checkbox' || control.type === 'radio') || control.checked)
      .map((control) => control.value);
}

/** Field id → answer for every field, read the way the no-script post reads the same controls. */
export function readAnswers(form: HTMLFormElement, fields: readonly MarkedField[]): Record<string, unknown> {
  return answersFromEntries(
    fields.map((field) => field.rule),
    readEntries(form),
  );
}

/** The controls a visitor can reach in a field: where focus goes when the field has a problem. */
export function fieldControls(field: HTMLElement): HTMLElement[] {
  return Array.from(field.querySelectorAll<HTMLElement>(CONTROLS)).filter(
    (control) => (control as HTMLInputElement).type !== 'hidden',
  );
}

/**
 * The page fields a submission names (spec section 3): the body's id says
 * whether the page is an item ('item-…') or a collection ('collection-…').
 */
export function pageFields(doc: Document) {
  const match = /^(item|collection)-(.+)$/.exec(doc.body?.id ?? '');
  return {
    pageTitle: doc.title,
    pageId: match?.[2] ?? null,
    contentSource: match ? (match[1] === 'item' ? 'i' : 'c') : null,
    pagePath: doc.defaultView?.location.pathname ?? null,
  };
}
