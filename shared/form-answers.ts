/**
 * A form block's HTML controls read back as the submission's value shapes
 * (spec section 3): controls are named by field id, parts in order, and
 * likert questions are radio groups named fieldId-N (see
 * templates/page-blocks/form-field.html). The no-script post reads a
 * form-encoded body this way, and the island can read FormData the same way
 * (getAll = name => data.getAll(name).map(String)). Pure, like the rules.
 */
import { isFormFieldType, isMultiPartType } from './form-field-types.ts';
import type { FormFieldRule } from './form-validation.ts';

/** Every value sent under a control name, in order. */
export type EntriesReader = (name: string) => readonly string[];

/** The likert radio group of a field's question number `index`. */
export const likertGroupName = (fieldId: string, index: number): string => `${fieldId}-${index}`;

/**
 * Field id → value for every field of the form, from its controls. A single
 * control sent twice stays a list, which the rules then refuse as unreadable.
 */
export function answersFromEntries(fields: readonly unknown[], getAll: EntriesReader): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const entry of fields) {
    if (entry === null || typeof entry !== 'object') continue;
    const field = entry as FormFieldRule;
    if (typeof field.id !== 'string' || !isFormFieldType(field.type) || field.type === 'section') continue;
    if (field.type === 'likert') {
      const questions = Array.isArray(field.options) ? field.options : [];
      const value: Record<string, string> = {};
      questions.forEach((question, index) => {
        const answer = getAll(likertGroupName(field.id, index));
        if (typeof question === 'string' && answer.length > 0) value[question] = answer[0]!;
      });
      answers[field.id] = value;
      continue;
    }
    const sent = [...getAll(field.id)];
    if (field.type === 'checkbox' || isMultiPartType(field.type)) answers[field.id] = sent;
    else answers[field.id] = sent.length > 1 ? sent : (sent[0] ?? '');
  }
  return answers;
}
