/**
 * The form builder's read and save (PUT /api/owner/forms/{formId}): a form
 * as the builder edits it, and a checked edit stored in one transaction.
 * Field ids stay stable (submissions and the no-script post key answers by
 * them, and a SaveFormSubmission call finds its form by them, so they are
 * unique within the website): a field the form has keeps its id, a new one
 * gets a fresh id, and an id from elsewhere is refused.
 */
import {
  type BuilderField,
  FORM_BUILDER_MESSAGES,
  FORM_STORAGE_KEYS,
  type FormBuilderDraft,
  type FormBuilderInput,
} from '../../shared/form-builder-schema.ts';
import { ApiError } from '../api-errors.ts';
import { newId } from '../db/ids.ts';
import type { Form, FormField } from '../db/schema.ts';
import { getForm, updateForm } from '../repositories/form-repository.ts';
import { type Db, inTransaction } from '../repositories/transaction.ts';
import { notificationAddress } from './form-notification.ts';

export interface BuilderForm extends FormBuilderDraft {
  id: string;
  isNewsletter: boolean;
}

const storageText = (form: Form, key: string): string => {
  const value = (form.storage as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : '';
};

/** A stored form as the builder shows it. */
export function builderForm(form: Form): BuilderForm {
  return {
    id: form.id,
    isNewsletter: form.isNewsletter,
    name: form.name,
    fields: (Array.isArray(form.fields) ? form.fields : []).map((field) => ({
      ...field,
      type: field.type as BuilderForm['fields'][number]['type'],
    })),
    notificationEmail: notificationAddress(form) ?? '',
    mailingList: storageText(form, FORM_STORAGE_KEYS.mailingList),
    submitButtonText: storageText(form, FORM_STORAGE_KEYS.submitButtonText),
    submissionMessage: form.submissionMessage,
    submissionHtml: form.submissionHtml,
    successRedirect: form.successRedirect ?? '',
    captchaEnabled: form.captchaEnabled,
    captchaTheme: form.captchaTheme,
    captchaAlignment: form.captchaAlignment,
    disclaimerMessage: form.disclaimerMessage,
  };
}

/** The storage settings with the builder's keys set (blank ones removed) and any other key kept. */
function savedStorage(form: Form, input: FormBuilderInput): Record<string, unknown> {
  const storage: Record<string, unknown> = { ...(form.storage as Record<string, unknown>) };
  const set = (key: string, value: unknown) => {
    if (value === '' || value === undefined) delete storage[key];
    else storage[key] = value;
  };
  set(FORM_STORAGE_KEYS.email, input.notificationEmail === '' ? '' : { address: input.notificationEmail });
  set(FORM_STORAGE_KEYS.mailingList, input.mailingList);
  set(FORM_STORAGE_KEYS.submitButtonText, input.submitButtonText);
  return storage;
}

/** Each field with its id: kept for the form's own fields, new for added ones; a foreign id is a field error. */
function withIds(form: Form, fields: readonly BuilderField[]): FormField[] {
  const own = new Set((Array.isArray(form.fields) ? form.fields : []).map((field) => field.id));
  const used = new Set<string>();
  const problems: Record<string, string> = {};
  const saved = fields.map((field, index): FormField => {
    let id = field.id;
    if (id === undefined) id = newId();
    else if (!own.has(id) || used.has(id)) problems[`fields.${index}.id`] = FORM_BUILDER_MESSAGES.fieldNotInForm;
    used.add(id);
    return { ...field, id };
  });
  if (Object.keys(problems).length > 0) throw new ApiError('owner-input-invalid', { fields: problems });
  return saved;
}

/**
 * Saves the builder's form. The post-submit HTML is printed into the page as
 * it is, so changing it takes a caller that may change code injection too;
 * an editor may change everything else.
 */
export async function saveBuilderForm(
  db: Db,
  websiteId: string,
  formId: string,
  input: FormBuilderInput,
  caller: { mayChangeHtml: boolean },
): Promise<BuilderForm> {
  return inTransaction(db, async (trx) => {
    const form = await getForm(trx, websiteId, formId);
    if (!form) throw new ApiError('owner-form-not-found');
    if (input.submissionHtml !== form.submissionHtml && !caller.mayChangeHtml) {
      throw new ApiError('owner-input-invalid', {
        fields: { submissionHtml: FORM_BUILDER_MESSAGES.htmlNeedsCodeInjection },
      });
    }
    const updated = await updateForm(trx, websiteId, formId, {
      name: input.name,
      fields: withIds(form, input.fields),
      submissionMessage: input.submissionMessage,
      submissionHtml: input.submissionHtml,
      successRedirect: input.successRedirect === '' ? null : input.successRedirect,
      disclaimerMessage: input.disclaimerMessage,
      captchaEnabled: input.captchaEnabled,
      captchaTheme: input.captchaTheme,
      captchaAlignment: input.captchaAlignment,
      storage: savedStorage(form, input),
    });
    if (!updated) throw new ApiError('owner-form-not-found');
    return builderForm(updated);
  });
}
