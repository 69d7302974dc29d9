/**
 * The built-in test provider's stand-in for a bank's security check
 * (3-D Secure), at /checkout/payment-step: a page of its own, not the
 * shop's, as a real bank's is. The shopper completes or cancels the
 * payment with one of two buttons of a form that works without script.
 */
import { escapeHtml } from './escape-html.ts';

export interface PaymentStepPage {
  siteTitle: string;
  /** The amount as the shopper reads it: '$57.59'. */
  amount: string;
  /** The test provider's id of the payment, posted back with the decision. */
  paymentId: string;
  crumb: string;
  /** Why the last decision was not taken (the crumb), shown above the buttons. */
  alert?: string;
}

export const PAYMENT_STEP_TEXT = {
  title: 'Confirm your payment',
  complete: 'Complete payment',
  cancel: 'Cancel payment',
} as const;

export function paymentStepPageHtml(page: PaymentStepPage): string {
  const alert = page.alert ? `<p class="alert" role="alert" tabindex="-1" autofocus>${escapeHtml(page.alert)}</p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${PAYMENT_STEP_TEXT.title} · Test bank</title>
<style>
body{margin:0;font:1rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2433;background:#eef2f7}
main{box-sizing:border-box;width:min(28rem,calc(100% - 2rem));margin:3rem auto;padding:2rem;background:#fff;border:1px solid #c5cedb;border-radius:.5rem}
h1{font-size:1.5rem;margin:0 0 1rem}
.notice{padding:.75rem 1rem;background:#fff8e1;border-left:4px solid #8a6d00}
.alert{padding:.75rem 1rem;background:#fdecea;border-left:4px solid #b42318;color:#7a1209}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:1.5rem 0}
dt{font-weight:600}dd{margin:0}
.actions{display:flex;flex-wrap:wrap;gap:.75rem}
button{font:inherit;padding:.6rem 1.2rem;border-radius:.35rem;border:2px solid #1d3f8f;cursor:pointer}
button[value=complete]{background:#1d3f8f;color:#fff}
button[value=cancel]{background:#fff;color:#1d3f8f}
button:focus-visible{outline:3px solid #f0a500;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>${PAYMENT_STEP_TEXT.title}</h1>
<p class="notice"><strong>Test mode.</strong> This page stands in for your bank's security check (3-D Secure). No money moves.</p>
${alert}
<dl>
<dt>Shop</dt><dd>${escapeHtml(page.siteTitle)}</dd>
<dt>Amount</dt><dd>${escapeHtml(page.amount)}</dd>
</dl>
<form method="post" action="/checkout/payment-step">
<input type="hidden" name="crumb" value="${escapeHtml(page.crumb)}">
<input type="hidden" name="payment" value="${escapeHtml(page.paymentId)}">
<div class="actions">
<button type="submit" name="decision" value="complete">${PAYMENT_STEP_TEXT.complete}</button>
<button type="submit" name="decision" value="cancel">${PAYMENT_STEP_TEXT.cancel}</button>
</div>
</form>
</main>
</body>
</html>
`;
}
