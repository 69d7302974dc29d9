/**
 * The plans a website can be on. The spec names only the two billing paths
 * (section 2: a trial upgrade goes to /settings/billing/upgrade, a plan
 * upgrade to /settings/billing/subscriptions/website); the plans are ours.
 * There is no real billing: choosing a plan records it, nothing is charged.
 */
// Named imports, not the z namespace: the admin bundle then carries only what the schemas use.
import { object, enum as zodEnum } from 'zod';
import { OWNER_MESSAGES } from './owner-schemas.ts';

export interface BillingPlan {
  id: 'personal' | 'business' | 'commerce';
  name: string;
  /** Price per month in US cents, shown as the list price. */
  monthlyCents: number;
  features: readonly string[];
}

export const BILLING_PLANS: readonly BillingPlan[] = [
  {
    id: 'personal',
    name: 'Personal',
    monthlyCents: 1600,
    features: ['Unlimited pages and blog posts', 'Site forms', 'Two contributors'],
  },
  {
    id: 'business',
    name: 'Business',
    monthlyCents: 2300,
    features: ['Everything in Personal', 'Online store with a 3% transaction fee', 'Unlimited contributors'],
  },
  {
    id: 'commerce',
    name: 'Commerce',
    monthlyCents: 3900,
    features: ['Everything in Business', 'No transaction fee', 'Restock notifications and API keys'],
  },
];

export const PLAN_IDS = BILLING_PLANS.map((plan) => plan.id) as [BillingPlan['id'], ...BillingPlan['id'][]];

export const planChoiceSchema = object({ plan: zodEnum(PLAN_IDS, OWNER_MESSAGES.planInvalid) });

/** Spec section 2's upgrade paths, each leading to the admin app's plan page. */
export const BILLING_PATHS = ['/settings/billing/upgrade', '/settings/billing/subscriptions/website'] as const;
