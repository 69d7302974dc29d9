/**
 * The analytics and performance calls of spec section 7: census hits and
 * clicks, the events-recording path, JavaScript error reports and
 * performance records. They are beacons: answered 204 as soon as they are
 * checked, written later in batches (api/analytics/event-writer.ts), limited
 * by a count of their own rather than the API's write limit (a visitor who
 * browses sends dozens), and, except for the two calls the spec gives a
 * crumb, taken without one: they only add to counts, so there is no forged
 * write to stop, and navigator.sendBeacon cannot send a header.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ANALYTICS_COOKIES, CONFIG_PATH, ERROR_REPORTS } from '../../shared/analytics-rules.ts';
import { isBotAgent } from '../analytics/bot-agents.ts';
import type { EventWriter } from '../analytics/event-writer.ts';
import type { VisitorEvent, VisitorEventKind } from '../analytics/visitor-event.ts';
import { ApiError } from '../api-errors.ts';
import { newId } from '../db/ids.ts';
import { cleanTimeValues } from '../repositories/analytics-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import { verifyCrumb } from './crumb.ts';
import type { RateLimiter } from './rate-limits.ts';
import { requireSite } from './site.ts';
import { parseInput } from './validation.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An analytics beacon: outside the API's write limit and crumb check (analytics-routes.ts). */
    beacon?: boolean;
  }
}

export interface AnalyticsRoutesOptions {
  db: Db;
  limiter: RateLimiter;
  writer: EventWriter;
}

/** The cookie naming the visitor to the census (the spec's conversion-visitor cookie). */
const VISITOR_COOKIE = ANALYTICS_COOKIES.conversionVisitor.name;
/** Spec section 9: a page reports at most this many errors in all. */
const MAX_ERRORS_PER_CALL = ERROR_REPORTS.maxPerPage;
const MAX_PERFORMANCE_RECORDS_PER_CALL = 100;
const MAX_DATA_TEXT = 8_192;

const shortText = z.string().max(200);
const id = z.string().min(1).max(100);

// Spec section 3, census hit data: what the page tells of itself and the browser.
const censusData = z
  .object({
    userAgent: z.string().max(1_000).optional(),
    clientDate: z.union([z.number(), z.string().max(64)]).optional(),
    viewportInnerWidth: z.number().int().min(0).max(100_000).optional(),
    viewportInnerHeight: z.number().int().min(0).max(100_000).optional(),
    screenWidth: z.number().int().min(0).max(100_000).optional(),
    screenHeight: z.number().int().min(0).max(100_000).optional(),
    websiteId: id.optional(),
    templateId: shortText.optional(),
    website_locale: shortText.optional(),
    url: z.string().max(2_048).optional(),
    title: z.string().max(1_000).optional(),
    itemId: id.nullish(),
    recordType: z.number().int().nullish(),
    collectionId: id.nullish(),
    referrer: z.string().max(2_048).optional(),
    sessionId: shortText.optional(),
  })
  .strict();

const censusHitBody = z.object({
  event: z.string().min(1).max(64),
  data: z.string().max(MAX_DATA_TEXT),
  ss_cvr: shortText.optional(),
});

/** A click, a render or an overlay: a few named values the islands send. */
const censusDetails = z.record(z.string().max(64), z.union([z.string().max(1_000), z.number(), z.boolean(), z.null()]));

const formRenderBody = z.object({ formId: id, visitorCookie: shortText.nullish() }).passthrough();

// Spec section 3, performance record.
const performanceRecords = z
  .array(
    z.object({
      app: shortText,
      event: shortText,
      pageLoadId: id,
      ts: z.number(),
      data: z.record(z.string().max(64), z.unknown()),
    }),
  )
  .min(1)
  .max(MAX_PERFORMANCE_RECORDS_PER_CALL);

const javascriptErrors = z
  .array(
    z.object({
      message: z.string().max(2_000),
      stack: z.string().max(ERROR_REPORTS.maxStackLength).nullish(),
      url: z.string().max(2_048).nullish(),
      line: z.number().int().nullish(),
      column: z.number().int().nullish(),
      island: shortText.nullish(),
    }),
  )
  .min(1)
  .max(MAX_ERRORS_PER_CALL);

const recordedEvent = z.object({
  crumb: z.string().optional(),
  event: z.string().min(1).max(100),
  data: z.string().max(MAX_DATA_TEXT),
});

/** A JSON text that must hold an object. */
function jsonObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError('invalid-json');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ApiError('invalid-body');
  return value as Record<string, unknown>;
}

function pathOf(url: unknown): string | null {
  if (typeof url !== 'string' || url === '') return null;
  try {
    return new URL(url, 'http://site.invalid').pathname;
  } catch {
    return null;
  }
}

export async function analyticsRoutes(app: FastifyInstance, options: AnalyticsRoutesOptions): Promise<void> {
  const { db, limiter, writer } = options;
  const beacon = { config: { beacon: true } };

  /** Counts the call, finds its website and queues its events; pages under the config path are never counted. */
  async function record(
    request: FastifyRequest,
    kind: VisitorEventKind,
    entries: readonly { name: string; data: Record<string, unknown>; path?: string | null }[],
  ): Promise<void> {
    await limiter.byAddress('analytics', request);
    const site = await requireSite(db, request);
    const userAgent = request.headers['user-agent'];
    const visitorId = request.cookies[VISITOR_COOKIE] ?? null;
    const now = new Date();
    const events: VisitorEvent[] = [];
    for (const entry of entries) {
      const path = entry.path ?? pathOf(request.headers.referer);
      if (path === CONFIG_PATH || path?.startsWith(`${CONFIG_PATH}/`)) continue;
      events.push({
        websiteId: site.website.id,
        occurredAt: now,
        kind,
        name: entry.name,
        visitorId: typeof entry.data.visitorId === 'string' ? entry.data.visitorId : visitorId,
        sessionId: typeof entry.data.sessionId === 'string' ? entry.data.sessionId : null,
        pagePath: path,
        bot: isBotAgent(userAgent),
        data: entry.data,
      });
    }
    writer.add(events);
  }

  app.post('/api/census/RecordHit', beacon, async (request, reply) => {
    const body = parseInput(censusHitBody, request.body);
    const data = parseInput(censusData, jsonObject(body.data));
    await record(request, 'hit', [
      {
        name: body.event,
        data: { ...data, visitorId: body.ss_cvr ?? request.cookies[VISITOR_COOKIE] },
        path: pathOf(data.url),
      },
    ]);
    return reply.code(204).send();
  });

  const simpleCensusCalls: Record<string, VisitorEventKind> = {
    'button-click': 'button-click',
    'button-render': 'button-render',
    overlay: 'overlay',
  };
  for (const [path, kind] of Object.entries(simpleCensusCalls)) {
    app.post(`/api/census/${path}`, beacon, async (request, reply) => {
      const data = parseInput(censusDetails, request.body ?? {});
      await record(request, kind, [{ name: path, data }]);
      return reply.code(204).send();
    });
  }

  app.post('/api/census/form-render', beacon, async (request, reply) => {
    const body = parseInput(formRenderBody, request.body);
    await record(request, 'form-render', [
      { name: 'form-render', data: { formId: body.formId, visitorId: body.visitorCookie ?? undefined } },
    ]);
    return reply.code(204).send();
  });

  app.post('/api/census/RecordQuickView/:id', beacon, async (request, reply) => {
    const { id: itemId } = parseInput(z.object({ id }), request.params);
    await record(request, 'quick-view', [{ name: 'quick-view', data: { itemId } }]);
    return reply.code(204).send();
  });

  // Spec section 7: the page load's id, which every performance record of that page carries.
  app.get('/api/1/performance/settings', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ pageLoadId: newId() }),
  );

  app.post('/api/1/performance/records', beacon, async (request, reply) => {
    const records = parseInput(performanceRecords, request.body);
    await record(
      request,
      'performance',
      records
        .filter((r) => Number.isFinite(r.ts) && r.ts >= 0)
        .map((r) => ({
          name: r.event,
          path: typeof r.data.path === 'string' ? r.data.path : null,
          data: { app: r.app, pageLoadId: r.pageLoadId, ts: Math.round(r.ts), ...cleanTimeValues(r.data) },
        })),
    );
    return reply.code(204).send();
  });

  // Spec section 7: with the CSRF header (the crumb).
  app.post('/api/events/RecordJavascriptErrors', beacon, async (request, reply) => {
    verifyCrumb(request);
    const reports = parseInput(javascriptErrors, request.body);
    await record(
      request,
      'javascript-error',
      reports.map((report) => ({ name: report.message.slice(0, 200), data: report, path: pathOf(report.url) })),
    );
    return reply.code(204).send();
  });

  // Spec section 7: the events-recording path on the same origin, form-encoded with the crumb.
  app.post('/api/events/RecordEvent', beacon, async (request, reply) => {
    verifyCrumb(request);
    const body = parseInput(recordedEvent, request.body);
    const data = jsonObject(body.data);
    await record(request, 'event', [{ name: body.event, data, path: pathOf(data.page_path ?? data.pagePath) }]);
    // Spec section 7: the tracker takes 200 and 202 for success; the event is accepted, stored later.
    return reply.code(202).send();
  });
}
