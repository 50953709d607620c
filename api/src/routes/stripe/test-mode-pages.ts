import type { PlanDefinition } from '@stride/domain/plans/plan-catalogue';
import { testPortalPath } from '@stride/application/billing/test-mode/test-mode-gateway';
import type { SubscriptionStatusView } from '@stride/application/billing/subscription-status';

/**
 * The built-in test checkout and portal pages: plain server-rendered HTML, unmistakably marked as a test.
 * Their forms post back to the API, which sends itself the webhook events Stripe would send.
 */

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

const layout = (title: string, body: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>${escapeHtml(title)} · TEST MODE</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f6f7fb; color: #1d2433; margin: 0; }
  .banner { background: #b42318; color: #fff; text-align: center; padding: 12px; font-weight: 700; letter-spacing: .04em; }
  main { max-width: 440px; margin: 40px auto; background: #fff; border-radius: 12px; padding: 28px; box-shadow: 0 4px 24px #0001; }
  h1 { font-size: 1.3rem; margin: 0 0 4px; }
  .price { font-size: 1.8rem; font-weight: 700; margin: 12px 0; }
  .muted { color: #5b6478; font-size: .9rem; }
  .card { border: 1px dashed #b42318; border-radius: 8px; padding: 12px; margin: 16px 0; color: #b42318; font-size: .9rem; }
  button { width: 100%; padding: 12px; border: 0; border-radius: 8px; font-size: 1rem; cursor: pointer; margin-top: 8px; }
  .primary { background: #4f46e5; color: #fff; } .secondary { background: #eef0f6; color: #1d2433; }
  .danger { background: #fde8e8; color: #b42318; }
  a { color: #4f46e5; display: inline-block; margin-top: 16px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; } dt { color: #5b6478; }
</style>
</head>
<body>
<div class="banner" role="alert">TEST MODE — no real payment</div>
<main>${body}</main>
<p class="note">Test mode shares one billing clock for the whole server; only an admin can move it forward
(POST /api/stripe/test-mode/advance-clock), and doing so moves every user's billing dates.</p>
</body>
</html>`;

export function testCheckoutPage(input: {
  sessionId: string;
  plan: PlanDefinition;
  email: string;
  cancelUrl: string;
}): string {
  const { sessionId, plan, email, cancelUrl } = input;
  const action = `/api/stripe/test-checkout/${encodeURIComponent(sessionId)}/complete`;
  return layout(
    `Subscribe to ${plan.name}`,
    `<h1>Subscribe to Stride ${escapeHtml(plan.name)}</h1>
<p class="muted">${escapeHtml(plan.description)}</p>
<div class="price">${escapeHtml(plan.priceDisplay)}</div>
<ul class="features">${plan.features.map((feature) => `<li>${escapeHtml(feature)}</li>`).join('')}</ul>
<p class="muted">Billed to ${escapeHtml(email)}</p>
<div class="card">This is Stride's built-in test checkout. No card is asked for and nothing is charged.
Paying sends this server the same signed webhook events Stripe would.</div>
<form method="post" action="${escapeHtml(action)}"><button class="primary" type="submit">Pay ${escapeHtml(plan.priceDisplay)} (test)</button></form>
<a href="${escapeHtml(cancelUrl)}">Cancel and go back</a>`,
  );
}

export function testPortalPage(input: {
  portalSessionId: string;
  plan: PlanDefinition;
  status: SubscriptionStatusView;
  returnUrl: string;
}): string {
  const { portalSessionId, plan, status, returnUrl } = input;
  const action = (what: string) => escapeHtml(`${testPortalPath(portalSessionId)}/${what}`);
  const live = status.tier !== 'free' && status.status !== 'canceled' && status.subscriptionId !== null;
  const failed = status.paymentFailedAt !== null;
  const buttons = live
    ? `${failed ? '' : `<form method="post" action="${action('payment-failed')}"><button class="secondary" type="submit">Simulate a failed renewal payment</button></form>`}
${failed ? `<form method="post" action="${action('payment-recovered')}"><button class="primary" type="submit">Pay the failed invoice (test)</button></form>` : ''}
${status.cancelAtPeriodEnd ? '' : `<form method="post" action="${action('cancel')}"><button class="danger" type="submit">Cancel at the end of the period</button></form>`}`
    : '<p class="muted">There is no live subscription to manage.</p>';
  return layout(
    'Manage subscription',
    `<h1>Manage your subscription</h1>
<dl>
<dt>Plan</dt><dd>${escapeHtml(plan.name)} (${escapeHtml(plan.priceDisplay)})</dd>
<dt>Status</dt><dd>${escapeHtml(status.status)}</dd>
${status.gracePeriodEndsAt ? `<dt>Grace period ends</dt><dd>${escapeHtml(status.gracePeriodEndsAt)}</dd>` : ''}
${status.cancelAtPeriodEnd && status.currentPeriodEnd ? `<dt>Ends</dt><dd>${escapeHtml(status.currentPeriodEnd)}, then Free</dd>` : ''}
</dl>
<div class="card">Stride's built-in test billing portal. The buttons send this server the webhook events Stripe would.</div>
${buttons}
<a href="${escapeHtml(returnUrl)}">Return to Stride</a>`,
  );
}

export function testModeMessagePage(
  title: string,
  message: string,
  link: { href: string; label: string } | null,
): string {
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${link ? `<a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>` : ''}`,
  );
}
