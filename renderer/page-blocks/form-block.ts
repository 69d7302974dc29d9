/**
 * form (9) and newsletter (51): the form's fields as a real HTML form that
 * the form island enhances (validation, submission key, captcha, success
 * message). It is found by data-form-id and data-block-type; everything the
 * island shows later (field errors, status, notices, the success text) has
 * its empty place in the markup already.
 */
import type { Form, FormField } from '../../api/db/schema.ts';
import { childOf, isRecord, textIfSet } from '../../formatters/json-values.ts';
import { FORM_STORAGE_KEYS } from '../../shared/form-builder-schema.ts';
import type { BlockContext, BlockHandler, BlockOutcome } from './block-handler.ts';
import { type FieldView, formFieldView, isFormFieldType } from './form-field-views.ts';
import { FORM_LABELS } from './form-labels.ts';
import { oneOf } from './one-of.ts';
import { pageBlockError } from './page-block-errors.ts';

// The schema has no column for the button's wording: the form's storage settings keep it (shared/form-builder-schema.ts).
export const SUBMIT_LABEL_KEY = FORM_STORAGE_KEYS.submitButtonText;

const CAPTCHA_THEMES = ['light', 'dark'] as const;
const CAPTCHA_ALIGNMENTS = ['left', 'center', 'right'] as const;

const text = (value: unknown): string | null => textIfSet(value)?.trim() || null;

/** A form sent without script and shown again: each field's answer and message. */
export interface ShownAnswers {
  readonly answers: Readonly<Record<string, unknown>>;
  readonly errors: Readonly<Record<string, string>>;
}

/** Fields of a type the builder does not have are left out and reported; the rest of the form still works. */
export function fieldViews(
  form: Form,
  ctx: Pick<BlockContext, 'domId' | 'options' | 'report'>,
  shown?: ShownAnswers,
): FieldView[] {
  const fields: readonly unknown[] = Array.isArray(form.fields) ? form.fields : [];
  const views: FieldView[] = [];
  for (const entry of fields) {
    if (!isRecord(entry)) continue;
    const field = entry as unknown as FormField;
    if (!isFormFieldType(field.type)) {
      const params = { form: form.id, field: String(field.id), type: String(field.type) };
      ctx.report(pageBlockError('UNKNOWN_FIELD_TYPE', params));
      continue;
    }
    const id = String(field.id);
    const sent = shown && Object.hasOwn(shown.answers, id) ? shown.answers[id] : undefined;
    const error = shown && Object.hasOwn(shown.errors, id) ? shown.errors[id] : null;
    views.push(
      formFieldView(
        { ...field, type: field.type },
        { domId: ctx.domId, queryString: ctx.options.queryString, answer: sent, error },
      ),
    );
  }
  return views;
}

/** Spec section 3: the captcha shows only when the form asks for it and the site has a key; light and normal by default. */
function captchaView(form: Form, siteKey: string | null) {
  if (form.captchaEnabled !== true || !siteKey) return null;
  return {
    siteKey,
    theme: oneOf(form.captchaTheme, CAPTCHA_THEMES, 'light'),
    alignment: oneOf(form.captchaAlignment, CAPTCHA_ALIGNMENTS, 'left'),
    size: 'normal',
  };
}

function formBlock(block: { type: 9 | 51; formId: string }, ctx: BlockContext): BlockOutcome {
  const form = ctx.data.forms.get(block.formId);
  if (form === undefined) {
    const error = pageBlockError('MISSING_FORM', { index: ctx.index, kind: ctx.kind, id: block.formId });
    return { missing: { what: 'form', error } };
  }
  // The outcome of this form posted without script (renderer/form-post-routes.ts), shown on the page it came back to.
  const attempt = ctx.data.formAttempt?.formId === form.id ? ctx.data.formAttempt : undefined;
  const failed = attempt && !attempt.submitted ? attempt : undefined;
  return {
    view: {
      formId: form.id,
      blockId: ctx.domId,
      crumb: ctx.data.crumb ?? '',
      submitted: attempt?.submitted === true,
      alert: failed?.message ?? null,
      blockType: block.type,
      titleId: `${ctx.domId}-title`,
      statusId: `${ctx.domId}-status`,
      name: form.name,
      fields: fieldViews(form, ctx, failed),
      successRedirect: text(form.successRedirect),
      captcha: captchaView(form, ctx.data.captchaSiteKey),
      disclaimer: text(form.disclaimerMessage),
      submitLabel: text(childOf(form.storage, SUBMIT_LABEL_KEY)) ?? FORM_LABELS.submit,
      successMessage: text(form.submissionMessage),
      successHtml: typeof form.submissionHtml === 'string' ? form.submissionHtml : '',
    },
  };
}

export const websiteFormBlock: BlockHandler<9> = formBlock;
export const newsletterBlock: BlockHandler<51> = formBlock;
