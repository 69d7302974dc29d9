/**
 * The three calls of a site form's submission (spec section 7), in order:
 * the server's check of the answers, a single-use submission key, and the
 * save. Each failure becomes what the form shows (spec section 8): a 400
 * with an errors map becomes each field's message, anything else one
 * message for the form.
 */

import { FORM_MESSAGES, formStatusMessage } from '../../shared/form-messages.ts';
import type { FieldValue } from '../../shared/form-validation.ts';
import { writeHeaders } from '../api-client.ts';

export const FORM_PATHS = {
  validate: (formId: string) => `/api/rest/forms/validate/${encodeURIComponent(formId)}`,
  key: '/api/form/FormSubmissionKey',
  save: '/api/form/SaveFormSubmission',
} as const;

export interface PageFields {
  pageTitle: string;
  pageId: string | null;
  contentSource: string | null;
  pagePath: string | null;
}

export type SubmitOutcome =
  | { ok: true }
  /** fields: field id → message when the server named the fields; message: the form's one message. */
  | { ok: false; fields: Record<string, string> | null; message: string };

interface Answer {
  status: number;
  body: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

async function post(path: string, body: unknown): Promise<Answer> {
  const headers = { accept: 'application/json', 'content-type': 'application/json', ...writeHeaders() };
  const response = await fetch(path, {
    method: 'POST',
    headers,
    credentials: 'same-origin',
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => undefined) };
}

/** A failed answer as the form shows it. */
function failure({ status, body }: Answer): SubmitOutcome {
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  const text = typeof error?.message === 'string' ? error.message : null;
  if (status === 400 && isRecord(error?.fields)) {
    const fields: Record<string, string> = {};
    for (const [id, message] of Object.entries(error.fields)) if (typeof message === 'string') fields[id] = message;
    return { ok: false, fields, message: text ?? FORM_MESSAGES.formInvalid };
  }
  return { ok: false, fields: null, message: formStatusMessage(status, text) };
}

const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300;

/** Sends checked answers (field id → value); never throws: a network failure is the unknown-error message. */
export async function submitForm(
  formId: string,
  values: Record<string, FieldValue>,
  page: PageFields,
  captchaToken: string | null = null,
): Promise<SubmitOutcome> {
  try {
    const checked = await post(FORM_PATHS.validate(formId), values);
    if (!ok(checked)) return failure(checked);
    const keyed = await post(FORM_PATHS.key, {});
    const data = isRecord(keyed.body) && isRecord(keyed.body.data) ? keyed.body.data : undefined;
    if (!ok(keyed) || typeof data?.key !== 'string') {
      // The status messages still apply (429); any other failure to get a key has its own words.
      return keyed.status === 429
        ? failure(keyed)
        : { ok: false, fields: null, message: FORM_MESSAGES.noSubmissionKey };
    }
    const saved = await post(FORM_PATHS.save, {
      key: data.key,
      formId,
      form: JSON.stringify(values),
      ...page,
      ...(captchaToken ? { captchaKey: captchaToken } : {}),
    });
    return ok(saved) ? { ok: true } : failure(saved);
  } catch {
    return { ok: false, fields: null, message: FORM_MESSAGES.unknown };
  }
}
