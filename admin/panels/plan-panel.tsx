/** The plan page, where the spec's billing upgrade paths lead: the plans and the current one. No real billing. */
import { useEffect, useState } from 'react';
import type { BillingPlan } from '../../shared/billing-plans.ts';
import { ownerRequest } from '../owner-api.ts';
import { Panel, Status } from '../panel.tsx';
import { useSession } from '../session.tsx';

interface Billing {
  plans: BillingPlan[];
  currentPlan: string;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export function PlanPanel({ reason }: { reason: 'upgrade' | 'subscription' | null }) {
  const { can } = useSession();
  const [billing, setBilling] = useState<Billing | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; message: string } | null>(null);
  useEffect(() => {
    ownerRequest<Billing>('/api/owner/billing').then(setBilling, (error: Error) =>
      setStatus({ kind: 'error', message: error.message }),
    );
  }, []);
  const choose = async (plan: BillingPlan) => {
    try {
      setBilling(await ownerRequest<Billing>('/api/owner/billing/plan', { method: 'PUT', body: { plan: plan.id } }));
      setStatus({ kind: 'ok', message: `This website is now on the ${plan.name} plan. Nothing was charged.` });
    } catch (error) {
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  };
  const intro =
    reason === 'upgrade'
      ? 'Your trial includes everything. Choose the plan to keep when it ends.'
      : 'Change the plan of this website. This demo has no real billing: nothing is charged.';
  return (
    <Panel title="Plans" intro={intro}>
      <Status status={status} />
      {billing ? (
        <ul className="plans">
          {billing.plans.map((plan) => {
            const current = plan.id === billing.currentPlan;
            return (
              <li
                key={plan.id}
                className={`plan${current ? ' plan--current' : ''}`}
                aria-labelledby={`plan-${plan.id}`}
              >
                <h2 id={`plan-${plan.id}`}>{plan.name}</h2>
                <p className="plan__price">{dollars(plan.monthlyCents)} a month</p>
                <ul>
                  {plan.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
                {current ? (
                  <p className="plan__current">Current plan</p>
                ) : can('billing:write') ? (
                  <button type="button" className="button button--primary" onClick={() => void choose(plan)}>
                    Choose {plan.name}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p>Loading…</p>
      )}
    </Panel>
  );
}
