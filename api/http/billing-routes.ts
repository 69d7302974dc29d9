/**
 * The plan page's calls: the plans and the website's current one, and
 * choosing another. No real billing (shared/billing-plans.ts).
 */
import type { FastifyInstance } from 'fastify';
import { BILLING_PLANS, planChoiceSchema } from '../../shared/billing-plans.ts';
import { setBillingPlan } from '../repositories/site-settings-repository.ts';
import type { Db } from '../repositories/transaction.ts';
import { requireOwner } from './owner-auth.ts';
import { parseOwnerInput } from './owner-input.ts';
import { ownerRoute } from './owner-route.ts';

export const BILLING_PATH = '/api/owner/billing';

export async function billingRoutes(app: FastifyInstance, options: { db: Db }) {
  const { db } = options;

  ownerRoute(app, {
    method: 'GET',
    url: BILLING_PATH,
    permission: 'billing:read',
    handler: async (request) => ({
      plans: BILLING_PLANS,
      currentPlan: requireOwner(request).site.settings.billingPlan,
    }),
  });

  ownerRoute(app, {
    method: 'PUT',
    url: `${BILLING_PATH}/plan`,
    permission: 'billing:write',
    handler: async (request) => {
      const body = parseOwnerInput(planChoiceSchema, request.body);
      await setBillingPlan(db, requireOwner(request).site.website.id, body.plan);
      return { plans: BILLING_PLANS, currentPlan: body.plan };
    },
  });
}
