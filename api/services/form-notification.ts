/**
 * The email a site owner gets for each stored form submission: every
 * answered field as "Title: answer" lines, in the form's order. The forms
 * table has no column for the address; the form's storage settings hold it
 * (storage.email.address, as the form builder's STORAGE step keeps it), and
 * a form without one (a newsletter stored to a mailing list) sends nothing.
 */

import { LIKERT_ANSWERS } from '../../formatters/commerce/form-summary.ts';
import type { FieldValue } from '../../shared/form-validation.ts';
import { isValidEmail } from '../../shared/form-validation.ts';
import type { Form } from '../db/schema.ts';
import type { MailMessage } from '../mail/index.ts';

/** The owner's address from the form's storage settings, when it holds a usable one. */
export function notificationAddress(form: Pick<Form, 'storage'>): string | undefined {
  const email = (form.storage as { email?: unknown } | null)?.email;
  const address = email !== null && typeof email === 'object' ? (email as { address?: unknown }).address : undefined;
  return typeof address === 'string' && isValidEmail(address.trim()) ? address.trim() : undefined;
}

/** One answer as one line of text: parts and checked boxes joined by spaces, likert as 'question: answer' pairs. */
export function answerText(value: FieldValue): string {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.filter((part) => part.trim() !== '').join(' ');
  return Object.entries(value)
    .filter(([, answer]) => answer !== '')
    .map(([question, answer]) => `${question}: ${LIKERT_ANSWERS[answer] ?? answer}`)
    .join('; ');
}

/**
 * The owner's notification for a submission, or undefined when the form has
 * no address to send to. The visitor's first valid email answer becomes
 * Reply-To, so the owner can answer from their mail program.
 */
export function formNotification(
  form: Pick<Form, 'name' | 'fields' | 'storage'>,
  values: Readonly<Record<string, FieldValue>>,
  page: { pagePath?: string | null },
): MailMessage | undefined {
  const to = notificationAddress(form);
  if (to === undefined) return undefined;
  const lines: string[] = [];
  let replyTo: string | undefined;
  for (const field of Array.isArray(form.fields) ? form.fields : []) {
    const value = values[field.id];
    if (value === undefined) continue;
    const text = answerText(value);
    if (text === '') continue;
    if (field.type === 'email' && replyTo === undefined && isValidEmail(text)) replyTo = text;
    lines.push(`${field.title || field.id}: ${text}`);
  }
  if (page.pagePath) lines.push('', `Sent from ${page.pagePath}`);
  return {
    kind: 'form-submission',
    to,
    subject: `New submission: ${form.name}`,
    text: `${lines.join('\n')}\n`,
    ...(replyTo ? { replyTo } : {}),
  };
}
