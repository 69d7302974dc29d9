/**
 * Site forms and newsletter forms (spec sections 3, 5, 7 and 8): checking a
 * visitor's answers with the shared rules (shared/form-validation.ts, the
 * same the form island runs) and storing a submission. The API calls and the
 * no-script page post (renderer/form-post-routes.ts) both come through here.
 */
import { type FieldValue, type FormCheck, isValidEmail, validateForm } from '../../shared/form-validation.ts';
import { ApiError } from '../api-errors.ts';
import { CAPTCHA_ERROR_CODES, type CaptchaVerifier } from '../captcha/index.ts';
import type { Form } from '../db/schema.ts';
import { enqueueMail } from '../mail/index.ts';
import { recordEvent } from '../repositories/analytics-repository.ts';
import { consumeSubmissionKey, getForm, listForms, saveSubmission } from '../repositories/form-repository.ts';
import { type Db, inTransaction } from '../repositories/transaction.ts';
import { assertCleanInput } from '../visitor-input.ts';
import { formNotification } from './form-notification.ts';
import { type MailingListSite, welcomeToMailingList } from './newsletter-mail.ts';

/** Where on the site the form was sent from (spec section 3, Form submission). */
/** The analytics event a newsletter sign-up records (analytics_events.event_name). */
export const NEWSLETTER_SUBSCRIBE_EVENT = 'newsletter_subscribe';

export interface SubmissionPage {
  pageTitle?: string | null;
  pageId?: string | null;
  /** 'i' when the form sat on an item page, 'c' on a collection page. */
  contentSource?: 'i' | 'c' | null;
  pagePath?: string | null;
  /** The page's permission type, as the page sent it. */
  pagePermissionTypeValue?: string | null;
}

export type SubmissionOutcome =
  | { ok: true; id: string; form: Form; values: Record<string, FieldValue> }
  | { ok: false; form: Form; check: FormCheck };

/**
 * The form JSON text of a SaveFormSubmission call as field id → value; text
 * that is not a JSON object is the spec's 'Could not parse the form fields'.
 */
export function parseFormAnswers(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError('form-fields-unparseable');
  }
  assertCleanInput(value, 'form');
  return asAnswers(value);
}

/** A parsed body as field id → value; anything but a plain object cannot be a form's answers. */
export function asAnswers(value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ApiError('form-fields-unparseable');
  }
  return value as Record<string, unknown>;
}

/** The website's form, or the spec's 404 'This form has not been configured yet.' */
export async function requireForm(db: Db, websiteId: string, formId: string): Promise<Form> {
  const form = await getForm(db, websiteId, formId);
  if (!form) throw new ApiError('form-not-found');
  return form;
}

const fieldIds = (form: Form): Set<string> =>
  new Set(
    (Array.isArray(form.fields) ? form.fields : []).flatMap((field) =>
      field !== null && typeof field === 'object' && typeof field.id === 'string' ? [field.id] : [],
    ),
  );

/**
 * The form a submission is for. The spec's SaveFormSubmission payload names
 * no form, only field ids, so without a formId the form is the one whose
 * fields hold every id sent (field ids are unique within a website).
 */
export async function findSubmittedForm(
  db: Db,
  websiteId: string,
  formId: string | undefined,
  answers: Record<string, unknown>,
): Promise<Form> {
  if (formId !== undefined) return requireForm(db, websiteId, formId);
  const sent = Object.keys(answers);
  if (sent.length > 0) {
    for (const form of await listForms(db, websiteId)) {
      const ids = fieldIds(form);
      if (sent.every((id) => ids.has(id))) return form;
    }
  }
  throw new ApiError('form-not-found');
}

/** The answers checked against the form's fields; throws the 400 with each field's message when any fails. */
export function assertValidAnswers(form: Form, answers: Record<string, unknown>): Record<string, FieldValue> {
  const check = validateForm(Array.isArray(form.fields) ? form.fields : [], answers);
  if (!check.ok) throw new ApiError('form-invalid', { fields: check.errors });
  return check.values;
}

/** The captcha of the website (captchaFor), and what the visitor sent for it. */
export interface SubmissionCaptcha {
  verifier: CaptchaVerifier | undefined;
  token: string | null | undefined;
  remoteIp?: string;
}

/**
 * Throws the spec's captcha message unless the form needs none or the token
 * passes. A form asks for a captcha in its settings and shows one only when
 * the website has a site key (renderer/page-blocks/form-block.ts); requiring
 * a token from a form that shows no widget would make it unsendable.
 */
export async function assertCaptcha(form: Form, captcha: SubmissionCaptcha | undefined): Promise<void> {
  if (form.captchaEnabled !== true || !captcha?.verifier) return;
  const outcome = await captcha.verifier.verify(captcha.token, captcha.remoteIp);
  if (outcome !== 'ok') throw new ApiError(CAPTCHA_ERROR_CODES[outcome]);
}

export interface Submission {
  form: Form;
  answers: Record<string, unknown>;
  page: SubmissionPage;
  /** The API's single-use submission key; the no-script post has the crumb instead. */
  key?: string;
  captcha?: SubmissionCaptcha;
  /**
   * A newsletter form's sign-up puts its email on the website's mailing list and queues the welcome mail
   * with the signed unsubscribe link (newsletter-mail.ts); the link needs the site's origin and the secret.
   */
  mailingList?: MailingListSite;
}

/** The address a newsletter sign-up gave: the answer of the form's first email field. */
function signUpEmail(form: Form, values: Record<string, FieldValue>): string | undefined {
  const fields = Array.isArray(form.fields) ? form.fields : [];
  for (const field of fields) {
    const value = field?.type === 'email' ? values[field.id] : undefined;
    if (typeof value === 'string' && isValidEmail(value.trim())) return value.trim();
  }
  return undefined;
}

/**
 * Checks and stores one submission, in the spec's order: the answers, then
 * the captcha, then the key. The key is used up in the same transaction as
 * the stored row and the owner's notification mail, so a refused key stores
 * nothing and a failed insert leaves the key usable and queues no mail.
 * Answers that fail the rules come back as the check, storing nothing.
 */
export async function submitForm(db: Db, websiteId: string, submission: Submission): Promise<SubmissionOutcome> {
  const { form } = submission;
  const check = validateForm(Array.isArray(form.fields) ? form.fields : [], submission.answers);
  if (!check.ok) return { ok: false, form, check };
  await assertCaptcha(form, submission.captcha);
  const id = await inTransaction(db, async (trx) => {
    if (submission.key !== undefined && !(await consumeSubmissionKey(trx, websiteId, submission.key))) {
      throw new ApiError('form-key-refused');
    }
    const page = submission.page;
    const saved = await saveSubmission(trx, websiteId, {
      formId: form.id,
      data: check.values,
      pageTitle: page.pageTitle ?? null,
      pageId: page.pageId ?? null,
      contentSource: page.contentSource ?? null,
      pagePath: page.pagePath ?? null,
      pagePermissionTypeValue: page.pagePermissionTypeValue ?? null,
    });
    // The form was read a moment ago; only a concurrent delete gets here.
    if (saved === undefined) throw new ApiError('form-not-found');
    const mail = formNotification(form, check.values, page);
    if (mail) await enqueueMail(trx, websiteId, mail);
    // Spec section 4: a newsletter form's sign-up is a subscribe event. Recorded here rather than by the
    // island so that sign-ups without script count too, and only those that were stored.
    if (form.isNewsletter) {
      await recordEvent(trx, websiteId, NEWSLETTER_SUBSCRIBE_EVENT, {
        formId: form.id,
        submissionId: saved,
        mailingList: typeof form.storage.mailingList === 'string' ? form.storage.mailingList : null,
        pagePath: page.pagePath ?? null,
      });
      const email = signUpEmail(form, check.values);
      if (email !== undefined && submission.mailingList) {
        await welcomeToMailingList(trx, submission.mailingList, email, 'newsletter-form');
      }
    }
    return saved;
  });
  return { ok: true, id, form, values: check.values };
}
