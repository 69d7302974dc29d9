/**
 * The site-form calls of spec section 7: a submission key, validating
 * answers, saving a submission, and the form builder's schema. The rules and
 * the storing are in services/form-service.ts; the no-script post of a form
 * block goes through the same service from renderer/form-post-routes.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../api-errors.ts';
import { type CaptchaConfig, captchaFor } from '../captcha/index.ts';
import { createSubmissionKey } from '../repositories/form-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import {
  asAnswers,
  assertValidAnswers,
  findSubmittedForm,
  parseFormAnswers,
  requireForm,
  submitForm,
} from '../services/form-service.ts';
import { formTemplateSchema } from '../services/form-template-schema.ts';
import { BODY_LIMITS } from './body-limits.ts';
import type { RateLimiter } from './rate-limits.ts';
import { requireSite } from './site.ts';
import { parseInput } from './validation.ts';

export interface FormRoutesOptions {
  db: Db;
  limiter: RateLimiter;
  captcha: CaptchaConfig;
  /** Signs the unsubscribe link of a newsletter sign-up's welcome mail. */
  secret: string;
}

const id = z.string().min(1).max(64);

const saveBody = z.object({
  key: z.string().max(200),
  /** Not in the spec's payload, which names only field ids; the island sends it from data-form-id. */
  formId: id.optional(),
  form: z.string().max(BODY_LIMITS.api),
  captchaKey: z.string().max(4000).nullish(),
  pageTitle: z.string().max(1000).nullish(),
  pageId: z.string().max(64).nullish(),
  contentSource: z.enum(['i', 'c']).nullish(),
  pagePath: z.string().max(2083).nullish(),
  // The spec sends it as the page has it, a number or its text; stored as text.
  pagePermissionTypeValue: z.union([z.number().int(), z.string().max(32)]).nullish(),
});
const validateParams = z.object({ formId: id });
const schemaQuery = z.object({ type: z.literal('form') });

/** Counts a submission against the per-visitor limit; over it, the forms' own 429 message (spec section 8). */
export async function countFormSubmission(limiter: RateLimiter, request: FastifyRequest): Promise<void> {
  try {
    await limiter.byAddress('form-submit', request);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'rate-limited') {
      throw new ApiError('form-rate-limited', { retryAfterSeconds: error.retryAfterSeconds });
    }
    throw error;
  }
}

export async function formRoutes(app: FastifyInstance, options: FormRoutesOptions): Promise<void> {
  const { db, limiter } = options;

  app.post('/api/form/FormSubmissionKey', async (request, reply) => {
    const site = await requireSite(db, request);
    reply.header('cache-control', 'no-store');
    return { data: { key: await createSubmissionKey(db, site.website.id) } };
  });

  // The island checks answers before asking for a key; the save call checks them again.
  app.post('/api/rest/forms/validate/:formId', async (request) => {
    const { formId } = parseInput(validateParams, request.params);
    const site = await requireSite(db, request);
    const form = await requireForm(db, site.website.id, formId);
    const answers = request.body === undefined ? {} : asAnswers(request.body);
    assertValidAnswers(form, answers);
    return { data: { valid: true } };
  });

  app.post('/api/form/SaveFormSubmission', async (request) => {
    await countFormSubmission(limiter, request);
    const body = parseInput(saveBody, request.body);
    const site = await requireSite(db, request);
    const websiteId = site.website.id;
    const answers = parseFormAnswers(body.form);
    const form = await findSubmittedForm(db, websiteId, body.formId, answers);
    const outcome = await submitForm(db, websiteId, {
      form,
      answers,
      key: body.key,
      mailingList: {
        websiteId,
        siteTitle: site.website.siteTitle,
        origin: `${request.protocol}://${request.host}`,
        secret: options.secret,
      },
      captcha: {
        verifier: captchaFor(site.settings, options.captcha, (reason) => request.log.warn(reason)),
        token: body.captchaKey,
        remoteIp: request.ip,
      },
      page: {
        pageTitle: body.pageTitle,
        pageId: body.pageId,
        contentSource: body.contentSource,
        pagePath: body.pagePath,
        pagePermissionTypeValue: body.pagePermissionTypeValue == null ? null : String(body.pagePermissionTypeValue),
      },
    });
    if (!outcome.ok) throw new ApiError('form-invalid', { fields: outcome.check.errors });
    return { data: { id: outcome.id } };
  });

  app.get('/api/template/GetTemplateSchema', async (request) => {
    parseInput(schemaQuery, request.query);
    return formTemplateSchema();
  });
}
