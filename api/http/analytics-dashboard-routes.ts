/**
 * The owner's dashboards' one call (issue 25): traffic, top pages,
 * referrers, devices, locales, the funnel, web vitals, JavaScript errors and
 * commerce over a range of days, after bringing the rollups up to date (a
 * refresh with nothing new costs a few milliseconds; the job queue refreshes
 * every few minutes anyway).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  breakdown,
  commerce,
  funnel,
  javascriptErrors,
  topPages,
  traffic,
  webVitals,
} from '../analytics/dashboard-queries.ts';
import { PERIOD_UNITS, refreshRollups } from '../analytics/rollups.ts';
import type { Db } from '../repositories/transaction.ts';
import { requireOwner } from './owner-auth.ts';
import { parseOwnerInput } from './owner-input.ts';
import { ownerRoute } from './owner-route.ts';

export const ANALYTICS_DASHBOARD_PATH = '/api/owner/analytics';
const MAX_RANGE_DAYS = 400;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day as YYYY-MM-DD.');
const dashboardQuery = z
  .object({ from: day, to: day, unit: z.enum(PERIOD_UNITS).default('day') })
  .refine((q) => q.from <= q.to, { message: 'The range ends before it starts.', path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_RANGE_DAYS, {
    message: `At most ${MAX_RANGE_DAYS} days.`,
    path: ['from'],
  });

export async function analyticsDashboardRoutes(app: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;
  ownerRoute(app, {
    method: 'GET',
    url: ANALYTICS_DASHBOARD_PATH,
    permission: 'analytics:read',
    handler: async (request) => {
      const query = parseOwnerInput(dashboardQuery, request.query);
      const websiteId = requireOwner(request).site.website.id;
      await refreshRollups(db, websiteId);
      const range = { websiteId, from: query.from, to: query.to };
      const [series, pages, referrers, devices, locales, steps, vitals, errors, sales] = await Promise.all([
        traffic(db, range, query.unit),
        topPages(db, range),
        breakdown(db, range, 'referrer'),
        breakdown(db, range, 'device'),
        breakdown(db, range, 'locale'),
        funnel(db, range),
        webVitals(db, range),
        javascriptErrors(db, range),
        commerce(db, range),
      ]);
      return {
        range: { from: query.from, to: query.to, unit: query.unit },
        traffic: series,
        topPages: pages,
        referrers,
        devices,
        locales,
        funnel: steps,
        webVitals: vitals,
        javascriptErrors: errors,
        commerce: sales,
      };
    },
  });
}
