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

/**
 * The web app's design tokens these pages use, with the values of web/src/styles/tokens.css (the API cannot
 * import the web app, and in `npm run dev` it does not serve its build): same names, same values, held
 * equal by test-mode-pages.unit.test.ts.
 */
export const TEST_PAGE_TOKENS = {
  '--font-sans':
    "'Inter', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  '--color-bg': '#f6f7fb',
  '--color-surface': '#ffffff',
  '--color-surface-muted': '#f8fafc',
  '--color-border': '#e5e7ef',
  '--color-border-strong': '#d4d8e4',
  '--color-text': '#0f172a',
  '--color-text-muted': '#5b6478',
  '--color-primary': '#4f46e5',
  '--color-primary-hover': '#4338ca',
  '--color-primary-ring': 'rgba(79, 70, 229, 0.35)',
  '--color-danger': '#dc2626',
  '--color-danger-soft': '#fef2f2',
  '--color-warning-soft': '#fffbeb',
  '--radius-sm': '8px',
  '--radius-lg': '16px',
  '--shadow-md': '0 6px 18px rgba(15, 23, 42, 0.07), 0 2px 6px rgba(15, 23, 42, 0.04)',
} as const;

const tokens = Object.entries(TEST_PAGE_TOKENS)
  .map(([name, value]) => `${name}: ${value};`)
  .join(' ');

/** Who may move the shared billing clock, in plain words (every test page says it). */
export const BILLING_CLOCK_NOTE =
  'Test mode keeps one billing clock for everyone on this server. Only an admin can move it forward, ' +
  'and doing so moves the billing dates of every account, not just yours.';

const logo = `<svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6366f1"/><stop offset="1" stop-color="#8b5cf6"/></linearGradient></defs><rect width="32" height="32" rx="9" fill="url(#g)"/><path d="M8.5 21.5l5-5 4 4 6-8" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

const layout = (title: string, body: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>${escapeHtml(title)} · TEST MODE</title>
<style>
  :root { ${tokens} }
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; font-family: var(--font-sans); font-size: 15px; line-height: 1.55; color: var(--color-text);
    background: var(--color-bg); -webkit-font-smoothing: antialiased; }
  .banner { background: var(--color-danger); color: #fff; text-align: center; padding: 10px 16px; font-size: 14px;
    font-weight: 700; letter-spacing: .04em; }
  .page { padding: 32px 16px 48px; }
  .brand { display: flex; align-items: center; justify-content: center; gap: 10px; margin: 0 0 20px;
    font-weight: 800; font-size: 19px; letter-spacing: -0.03em; }
  main { max-width: 440px; margin: 0 auto; background: var(--color-surface); border: 1px solid var(--color-border);
    border-radius: var(--radius-lg); padding: 28px; box-shadow: var(--shadow-md); }
  h1 { font-size: 1.3rem; line-height: 1.2; letter-spacing: -0.015em; margin: 0 0 4px; }
  p { margin: 0 0 8px; }
  .price { font-size: 1.8rem; font-weight: 700; margin: 12px 0; letter-spacing: -0.015em; }
  .muted { color: var(--color-text-muted); font-size: 14px; }
  .features { padding-left: 20px; margin: 0 0 12px; }
  .test-note { border: 1px dashed var(--color-danger); background: var(--color-danger-soft); border-radius: var(--radius-sm);
    padding: 10px 14px; margin: 16px 0; color: #991b1b; font-size: 14px; }
  form { margin: 0; }
  button { display: flex; align-items: center; justify-content: center; width: 100%; min-height: 48px; padding: 0 22px;
    border: 1px solid transparent; border-radius: var(--radius-sm); font: inherit; font-weight: 600; cursor: pointer;
    margin-top: 8px; }
  button:focus-visible, a:focus-visible { outline: 3px solid var(--color-primary-ring); outline-offset: 2px; }
  .primary { background: var(--color-primary); color: #fff; } .primary:hover { background: var(--color-primary-hover); }
  .secondary { background: var(--color-surface); color: var(--color-text); border-color: var(--color-border-strong); }
  .secondary:hover { background: var(--color-surface-muted); }
  .danger { background: var(--color-danger-soft); color: #b91c1c; border-color: #fecaca; }
  a { color: var(--color-primary); text-decoration: none; font-weight: 600; }
  a:hover { text-decoration: underline; }
  .back { display: inline-block; margin-top: 16px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; margin: 16px 0; } dt { color: var(--color-text-muted); }
  dd { margin: 0; overflow-wrap: anywhere; }
  .note { margin: 20px 0 0; padding-top: 16px; border-top: 1px solid var(--color-border); color: var(--color-text-muted);
    font-size: 13px; }
  @media (max-width: 480px) { .page { padding: 20px 16px 32px; } main { padding: 20px; } }
</style>
</head>
<body>
<div class="banner" role="alert">TEST MODE — no real payment</div>
<div class="page">
<div class="brand">${logo}<span>Stride</span></div>
<main>${body}
<p class="note">${escapeHtml(BILLING_CLOCK_NOTE)}</p>
</main>
</div>
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
<div class="test-note">This is Stride's built-in test checkout. No card is asked for and nothing is charged.
Paying sends this server the same signed webhook events Stripe would.</div>
<form method="post" action="${escapeHtml(action)}"><button class="primary" type="submit">Pay ${escapeHtml(plan.priceDisplay)} (test)</button></form>
<a class="back" href="${escapeHtml(cancelUrl)}">Cancel and go back</a>`,
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
<div class="test-note">Stride's built-in test billing portal. The buttons send this server the webhook events Stripe would.</div>
${buttons}
<a class="back" href="${escapeHtml(returnUrl)}">Return to Stride</a>`,
  );
}

export function testModeMessagePage(
  title: string,
  message: string,
  link: { href: string; label: string } | null,
): string {
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${link ? `<a class="back" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>` : ''}`,
  );
}
