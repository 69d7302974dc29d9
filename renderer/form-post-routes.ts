/**
 * POST to a page: a form block sent without script. The form has no action,
 * so the browser posts it to the page it is on (query string included, which
 * hidden fields read); every answer is a 303 back to that page, which shows
 * the success text or the problems with the visitor's answers
 * (form-attempts.ts), or to the form's success redirect.
 *
 * Like checkout-routes.ts it lives with the pages because it answers with
 * pages, and runs the API's own checks: the crumb (a hidden field), the
 * per-visitor form-submit limit, the shared rules and storing of
 * api/services/form-service.ts, so a form with and without script behaves
 * the same.
 */
import fastifyCookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from '../api/api-errors.ts';
import { type CaptchaConfig, captchaFor } from '../api/captcha/index.ts';
import type { Collection, Form } from '../api/db/schema.ts';
import { BODY_LIMITS } from '../api/http/body-limits.ts';
import { verifyCrumb } from '../api/http/crumb.ts';
import { countFormSubmission } from '../api/http/form-routes.ts';
import type { RateLimiter } from '../api/http/rate-limits.ts';
import { listCollections } from '../api/repositories/collection-repository.ts';
import { getForm } from '../api/repositories/form-repository.ts';
import type { Db } from '../api/repositories/transaction.ts';
import type { WebsiteWithSettings } from '../api/repositories/website-repository.ts';
import { submitForm } from '../api/services/form-service.ts';
import type { SharedStore } from '../api/state/shared-store.ts';
import { answersFromEntries } from '../shared/form-answers.ts';
import { type AccessPost, JOIN_FIELD, joinPost, UNLOCK_FIELD, unlockPost } from './access-posts.ts';
import { fallbackPageFor } from './fallback-page.ts';
import { type FormAttempt, formAttemptUrl, saveFormAttempt } from './form-attempts.ts';
import { splitLanguagePath } from './localization/language-path.ts';
import { blockDataNeeds } from './page-blocks/block-data-needs.ts';
import { resolveRoute } from './routing/resolve-route.ts';

export interface FormPostRoutesOptions {
  db: Db;
  limiter: RateLimiter;
  siteFor(host: string): Promise<WebsiteWithSettings | undefined>;
  /** Where the outcome is kept for the page after the redirect. */
  store: SharedStore;
  captcha: CaptchaConfig;
  /** Signs the unlock cookie of password-protected pages. */
  secret: string;
}

/** The hidden fields templates/page-blocks/form-post-fields.html adds to every form block. */
const FORM_ID_FIELD = 'sb-form-id';
const BLOCK_ID_FIELD = 'sb-block-id';
const BLOCK_ID = /^block-[0-9a-f]{12}$/;
/** Where the captcha widgets (reCAPTCHA, hCaptcha, Turnstile) put their token in a form. */
const CAPTCHA_FIELDS = ['g-recaptcha-response', 'h-captcha-response', 'cf-turnstile-response', 'captchaKey'];

const HTML = 'text/html; charset=utf-8';

type Body = Record<string, unknown>;

/** Every value sent under a name, as text: a form-encoded body holds a string, or a list for a repeated name. */
const valuesOf = (body: Body, name: string): string[] => {
  const value = Object.hasOwn(body, name) ? body[name] : undefined;
  if (value === undefined) return [];
  return Array.isArray(value) ? value.map(String) : [String(value)];
};

/** The page a form was posted to, when it is an open page whose blocks show that form. */
async function formPage(
  db: Db,
  websiteId: string,
  pathname: string,
  formId: string,
): Promise<{ collection: Collection; form: Form } | undefined> {
  const route = resolveRoute(pathname);
  if (route.kind !== 'home' && route.kind !== 'collection') return undefined;
  const collections = await listCollections(db, websiteId);
  const collection =
    route.kind === 'home'
      ? collections.find((c) => c.isHome)
      : collections.find((c) => c.urlId === route.collectionUrlId);
  // A locked page never shows its blocks, so nothing can have been posted from it.
  if (collection?.typeName !== 'page' || collection.passwordProtected || collection.memberOnly) {
    return undefined;
  }
  if (!blockDataNeeds(collection.blocks).formIds.includes(formId)) return undefined;
  const form = await getForm(db, websiteId, formId);
  return form ? { collection, form } : undefined;
}

/** The form's success redirect when it is a path on this site or an http(s) address; anything else is ignored. */
function successRedirectOf(form: Form): string | undefined {
  const target = form.successRedirect?.trim();
  if (!target) return undefined;
  if (target.startsWith('/') && !target.startsWith('//')) return target;
  return /^https?:\/\/[^\s]+$/i.test(target) ? target : undefined;
}

export async function formPostRoutes(app: FastifyInstance, options: FormPostRoutesOptions): Promise<void> {
  const { db } = options;
  await app.register(fastifyCookie);
  // A browser's form is form-encoded; JSON or text here is not one (415).
  app.removeAllContentTypeParsers();
  await app.register(formbody, { bodyLimit: BODY_LIMITS.form });

  // After a POST the browser must not keep or resubmit anything: 303 turns the next request into a GET.
  const seeOther = (reply: FastifyReply, location: string) =>
    reply.code(303).header('location', location).header('cache-control', 'no-store').send();

  app.post('/*', async (request, reply) => {
    const site = await options.siteFor(request.host);
    if (!site) return reply.code(404).type('text/plain; charset=utf-8').send('No website answers at this address.\n');
    const page = (status: number, message?: string) =>
      reply
        .code(status)
        .type(HTML)
        .header('cache-control', 'no-store')
        .send(fallbackPageFor(status, site.website.siteTitle, message));
    const body: Body = request.body !== null && typeof request.body === 'object' ? (request.body as Body) : {};
    // A locked page's password or join button: their own limits, not a site form's.
    const access =
      valuesOf(body, UNLOCK_FIELD).length > 0
        ? unlockPost
        : valuesOf(body, JOIN_FIELD).length > 0
          ? joinPost
          : undefined;
    if (access) {
      const post: AccessPost = {
        db,
        limiter: options.limiter,
        secret: options.secret,
        websiteId: site.website.id,
        request,
        reply,
        password: valuesOf(body, 'password')[0],
        sitePasswordHash: site.settings.sitePasswordHash,
        returnPath: valuesOf(body, 'return')[0],
        page,
        seeOther: (location) => seeOther(reply, location),
      };
      return access(post);
    }
    try {
      await countFormSubmission(options.limiter, request);
    } catch (error) {
      if (!(error instanceof ApiError) || error.statusCode !== 429) throw error;
      // Not kept as an attempt: a flood past the limit must cost the store nothing.
      reply.header('retry-after', String(error.retryAfterSeconds ?? 60));
      return page(429, error.message);
    }

    const url = new URL(request.url, 'http://localhost');
    const formId = valuesOf(body, FORM_ID_FIELD)[0] ?? '';
    // A page in a translation language (/fr/contact) holds the same form as the site's own.
    const { pathname } = splitLanguagePath(url.pathname, site.settings.translationLanguages);
    const found = formId === '' ? undefined : await formPage(db, site.website.id, pathname, formId);
    // Only GET and HEAD are pages; a post to a page without that form is no form post at all.
    if (!found) return page(405);
    const { collection, form } = found;
    const blockId = valuesOf(body, BLOCK_ID_FIELD)[0];
    const anchor = blockId !== undefined && BLOCK_ID.test(blockId) ? blockId : undefined;
    const answers = answersFromEntries(Array.isArray(form.fields) ? form.fields : [], (name) => valuesOf(body, name));

    const back = async (attempt: FormAttempt) => {
      const id = await saveFormAttempt(options.store, request.sentCrumb ?? '', attempt);
      return seeOther(reply, formAttemptUrl(request.url, id, anchor));
    };
    const problem = (message: string, errors: Record<string, string> = {}) => {
      // A password is never kept, not even for the quarter hour an attempt lives.
      const kept = Object.fromEntries(
        Object.entries(answers).filter(([id]) => form.fields.find((f) => f.id === id)?.type !== 'password'),
      );
      return back({ formId: form.id, submitted: false, message, errors, answers: kept });
    };

    try {
      verifyCrumb(request);
      const token = CAPTCHA_FIELDS.map((name) => valuesOf(body, name)[0]).find((value) => value !== undefined);
      const outcome = await submitForm(db, site.website.id, {
        form,
        answers,
        page: { pageTitle: collection.title, pageId: collection.id, contentSource: 'c', pagePath: pathname },
        mailingList: {
          websiteId: site.website.id,
          siteTitle: site.website.siteTitle,
          origin: `${request.protocol}://${request.host}`,
          secret: options.secret,
        },
        captcha: {
          verifier: captchaFor(site.settings, options.captcha, (reason) => request.log.warn(reason)),
          token,
          remoteIp: request.ip,
        },
      });
      if (!outcome.ok) return problem(outcome.check.message ?? '', outcome.check.errors);
    } catch (error) {
      // The crumb's, the captcha's or the key's message, shown on the form like the island shows it.
      if (error instanceof ApiError && error.statusCode < 500) return problem(error.message);
      throw error;
    }
    const redirect = successRedirectOf(form);
    return redirect ? seeOther(reply, redirect) : back({ formId: form.id, submitted: true });
  });
}
