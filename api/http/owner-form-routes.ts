/**
 * The owner's forms: the list with each form's submission count, the form
 * builder's read and save, and each form's submissions (a page at a time,
 * one, a CSV export of all, deleting one or all). Every route is declared
 * with its action (owner-route.ts, shared/owner-permissions.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { toCsv } from '../../shared/csv.ts';
import { formBuilderSchema } from '../../shared/form-builder-schema.ts';
import { roleAllows } from '../../shared/owner-permissions.ts';
import { ApiError } from '../api-errors.ts';
import type { Form } from '../db/schema.ts';
import { getForm, listForms } from '../repositories/form-repository.ts';
import {
  countSubmissions,
  deleteAllSubmissions,
  deleteSubmission,
  getSubmission,
  listSubmissions,
  MAX_SUBMISSION_PAGE_SIZE,
  type StoredSubmission,
} from '../repositories/form-submission-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import { builderForm, saveBuilderForm } from '../services/form-builder-service.ts';
import { answerColumns, submissionAnswers } from '../services/form-submission-answers.ts';
import { type Owner, requireOwner } from './owner-auth.ts';
import { parseOwnerInput } from './owner-input.ts';
import { ownerRoute } from './owner-route.ts';
import { pagedByCursor } from './paged-by-cursor.ts';
import { parseInput } from './validation.ts';

export const OWNER_FORMS_PATH = '/api/owner/forms';

const pageQuery = z.object({
  cursor: z.string().min(1).max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_SUBMISSION_PAGE_SIZE).optional(),
});

const formParams = z.object({ formId: z.string().min(1).max(64) });
const submissionParams = formParams.extend({ submissionId: z.string().min(1).max(64) });

async function requireOwnerForm(db: Db, request: FastifyRequest): Promise<{ owner: Owner; form: Form }> {
  const owner = requireOwner(request);
  const { formId } = parseInput(formParams, request.params);
  const form = await getForm(db, owner.site.website.id, formId);
  if (!form) throw new ApiError('owner-form-not-found');
  return { owner, form };
}

/** The caller may change code injection (the post-submit HTML is printed as it is: form-builder-service.ts). */
function mayChangeHtml(owner: Owner): boolean {
  return owner.actor.kind === 'contributor'
    ? roleAllows(owner.actor.session.contributor.role, 'code-injection:write')
    : owner.actor.apiKey.permissions.includes('code-injection:write');
}

function submissionJson(form: Form, submission: StoredSubmission, columns = answerColumns(form, [submission])) {
  return {
    id: submission.id,
    createdOn: submission.createdOn.toISOString(),
    pageTitle: submission.pageTitle,
    pagePath: submission.pagePath,
    answers: submissionAnswers(columns, submission),
  };
}

/** Every submission of a form, newest first, read a large page at a time. */
async function allSubmissions(db: Db, websiteId: string, formId: string): Promise<StoredSubmission[]> {
  const all: StoredSubmission[] = [];
  let cursor: string | null = null;
  do {
    const page = await listSubmissions(db, websiteId, formId, cursor, { limit: MAX_SUBMISSION_PAGE_SIZE });
    all.push(...page.submissions);
    cursor = page.nextPageCursor;
  } while (cursor);
  return all;
}

/** 'Contact Us' → 'contact-us-submissions.csv'; a name of no letters or digits → 'form-submissions.csv'. */
export function exportFileName(formName: string): string {
  const slug = formName
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'form'}-submissions.csv`;
}

export async function ownerFormRoutes(app: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;

  ownerRoute(app, {
    method: 'GET',
    url: OWNER_FORMS_PATH,
    permission: 'forms:read',
    handler: async (request) => {
      const websiteId = requireOwner(request).site.website.id;
      const [forms, counts] = await Promise.all([listForms(db, websiteId), countSubmissions(db, websiteId)]);
      return {
        forms: forms
          .map((form) => ({
            id: form.id,
            name: form.name,
            isNewsletter: form.isNewsletter,
            fieldCount: Array.isArray(form.fields) ? form.fields.length : 0,
            submissionCount: counts.get(form.id) ?? 0,
          }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      };
    },
  });

  ownerRoute(app, {
    method: 'GET',
    url: `${OWNER_FORMS_PATH}/:formId`,
    permission: 'forms:read',
    handler: async (request) => builderForm((await requireOwnerForm(db, request)).form),
  });

  ownerRoute(app, {
    method: 'PUT',
    url: `${OWNER_FORMS_PATH}/:formId`,
    permission: 'forms:write',
    handler: async (request) => {
      const owner = requireOwner(request);
      const { formId } = parseInput(formParams, request.params);
      const body = parseOwnerInput(formBuilderSchema, request.body);
      return saveBuilderForm(db, owner.site.website.id, formId, body, { mayChangeHtml: mayChangeHtml(owner) });
    },
  });

  ownerRoute(app, {
    method: 'GET',
    url: `${OWNER_FORMS_PATH}/:formId/submissions`,
    permission: 'form-submissions:read',
    handler: async (request) => {
      const { owner, form } = await requireOwnerForm(db, request);
      const query = parseInput(pageQuery, request.query);
      const page = await pagedByCursor(() =>
        listSubmissions(db, owner.site.website.id, form.id, query.cursor, { limit: query.limit }),
      );
      const columns = answerColumns(form, page.submissions);
      return {
        form: { id: form.id, name: form.name },
        columns,
        submissions: page.submissions.map((submission) => submissionJson(form, submission, columns)),
        hasNextPage: page.hasNextPage,
        nextPageCursor: page.nextPageCursor,
      };
    },
  });

  // Registered before :submissionId; the router prefers the static segment anyway.
  ownerRoute(app, {
    method: 'GET',
    url: `${OWNER_FORMS_PATH}/:formId/submissions/export`,
    permission: 'form-submissions:read',
    handler: async (request, reply) => {
      const { owner, form } = await requireOwnerForm(db, request);
      const submissions = await allSubmissions(db, owner.site.website.id, form.id);
      const columns = answerColumns(form, submissions);
      const rows = submissions.map((submission) => {
        const answers = new Map(submissionAnswers(columns, submission).map((a) => [a.fieldId, a.text]));
        return [
          submission.createdOn.toISOString(),
          submission.pagePath ?? '',
          ...columns.map((column) => answers.get(column.fieldId) ?? ''),
        ];
      });
      const fileName = exportFileName(form.name);
      // A byte order mark, so spreadsheets read the UTF-8 as UTF-8.
      const csv = `\uFEFF${toCsv(['Submitted on', 'Page', ...columns.map((c) => c.title)], rows, { guardFormulas: true })}`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(csv);
    },
  });

  ownerRoute(app, {
    method: 'GET',
    url: `${OWNER_FORMS_PATH}/:formId/submissions/:submissionId`,
    permission: 'form-submissions:read',
    handler: async (request) => {
      const { owner, form } = await requireOwnerForm(db, request);
      const { submissionId } = parseInput(submissionParams, request.params);
      const submission = await getSubmission(db, owner.site.website.id, form.id, submissionId);
      if (!submission) throw new ApiError('submission-not-found');
      return submissionJson(form, submission);
    },
  });

  ownerRoute(app, {
    method: 'DELETE',
    url: `${OWNER_FORMS_PATH}/:formId/submissions/:submissionId`,
    permission: 'form-submissions:write',
    handler: async (request) => {
      const { owner, form } = await requireOwnerForm(db, request);
      const { submissionId } = parseInput(submissionParams, request.params);
      if (!(await deleteSubmission(db, owner.site.website.id, form.id, submissionId))) {
        throw new ApiError('submission-not-found');
      }
      return { deleted: 1 };
    },
  });

  ownerRoute(app, {
    method: 'DELETE',
    url: `${OWNER_FORMS_PATH}/:formId/submissions`,
    permission: 'form-submissions:write',
    handler: async (request) => {
      const { owner, form } = await requireOwnerForm(db, request);
      return { deleted: await deleteAllSubmissions(db, owner.site.website.id, form.id) };
    },
  });
}
