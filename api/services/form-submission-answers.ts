/**
 * A stored submission's answers as the owner reads them: one line of text
 * per field, in the form's order (sections left out), then any answer to a
 * field the form no longer has, titled by its id. The submissions panel
 * shows them and the CSV export has a column for each.
 */
import type { FieldValue } from '../../shared/form-validation.ts';
import type { Form } from '../db/schema.ts';
import type { StoredSubmission } from '../repositories/form-submission-repository.ts';
import { answerText } from './form-notification.ts';

export interface AnswerColumn {
  fieldId: string;
  title: string;
}

export interface SubmissionAnswer extends AnswerColumn {
  text: string;
}

/** A stored value in one of the submission shapes as text; anything else (a hand-made row) as JSON. */
function storedText(value: unknown): string {
  if (typeof value === 'string') return answerText(value);
  if (Array.isArray(value) && value.every((part) => typeof part === 'string')) return answerText(value);
  if (value !== null && typeof value === 'object' && Object.values(value).every((v) => typeof v === 'string')) {
    return answerText(value as FieldValue);
  }
  return value === undefined || value === null ? '' : JSON.stringify(value);
}

/** The form's answerable fields, then the ids the submissions hold that the form no longer has. */
export function answerColumns(form: Form, submissions: readonly StoredSubmission[]): AnswerColumn[] {
  const fields = (Array.isArray(form.fields) ? form.fields : []).filter((field) => field.type !== 'section');
  const columns: AnswerColumn[] = fields.map((field) => ({ fieldId: field.id, title: field.title || field.id }));
  const known = new Set(columns.map((column) => column.fieldId));
  for (const submission of submissions) {
    for (const fieldId of Object.keys(submission.data)) {
      if (known.has(fieldId)) continue;
      known.add(fieldId);
      columns.push({ fieldId, title: fieldId });
    }
  }
  return columns;
}

export function submissionAnswers(columns: readonly AnswerColumn[], submission: StoredSubmission): SubmissionAnswer[] {
  return columns
    .filter((column) => Object.hasOwn(submission.data, column.fieldId))
    .map((column) => ({ ...column, text: storedText(submission.data[column.fieldId]) }));
}
