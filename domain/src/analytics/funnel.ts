/** The conversion funnel's steps (the reference implementation the SQL is checked against is in testing/). */

export interface FunnelStep {
  readonly id: string;
  readonly label: string;
  /** An event of any of these types completes the step: domain event types or tracked event names. */
  readonly eventTypes: readonly string[];
}

/**
 * A page view as a funnel step name: `page_viewed:/pricing` is a tracked `page_viewed` whose path is /pricing
 * (a plain `page_viewed` matches a view of any page).
 */
export const PAGE_VIEW_EVENT = 'page_viewed';
export const pageViewStep = (path: string): string => `${PAGE_VIEW_EVENT}:${path}`;

/** The event a `name:path` step name is about (`page_viewed` of `page_viewed:/`), or null for a plain name. */
export function pagedEventOf(stepName: string): string | null {
  const separator = stepName.indexOf(':');
  return separator > 0 ? stepName.slice(0, separator) : null;
}

/** Whether an event (its name, and its path for tracked events; '' for domain events) completes a step. */
export function completesStep(step: Pick<FunnelStep, 'eventTypes'>, name: string, path: string): boolean {
  return step.eventTypes.includes(name) || (path !== '' && step.eventTypes.includes(`${name}:${path}`));
}

/** The funnel's top: a view of the landing page, by a signed-out visitor or anyone else. */
export const landingViewStep: FunnelStep = {
  id: 'landing_viewed',
  label: 'Viewed the landing page',
  eventTypes: [pageViewStep('/')],
};

/**
 * Signed up -> onboarding completed -> first goal -> first AI breakdown -> upgrade clicked -> checkout
 * completed. Checkout counts the billing event and also the browser's tracked `checkout_completed`.
 */
export const productFunnelSteps: readonly FunnelStep[] = [
  { id: 'signed_up', label: 'Signed up', eventTypes: ['UserRegistered'] },
  { id: 'onboarding_completed', label: 'Onboarding completed', eventTypes: ['OnboardingCompleted'] },
  { id: 'first_goal', label: 'First goal', eventTypes: ['GoalCreated'] },
  { id: 'first_ai_breakdown', label: 'First AI breakdown', eventTypes: ['TasksBatchGenerated'] },
  { id: 'upgrade_clicked', label: 'Upgrade clicked', eventTypes: ['upgrade_clicked'] },
  {
    id: 'checkout_completed',
    label: 'Checkout completed',
    eventTypes: ['SubscriptionActivated', 'checkout_completed'],
  },
];

/**
 * The admin funnel's default: from the landing page view (signed-out visitors' views are joined to the user
 * who signs up from that browser, see select-funnel-levels.ts) through the product funnel.
 */
export const defaultFunnelSteps: readonly FunnelStep[] = [landingViewStep, ...productFunnelSteps];

export interface FunnelStepResult {
  readonly id: string;
  readonly label: string;
  /** Users who reached this step (and so every step before it) within the window. */
  readonly users: number;
  /** users / users of the previous step; for the first step 1 when it has users; 0 when there are none. */
  readonly conversionFromPrevious: number;
  /** users / users of the first step (0 when the first step has none). */
  readonly conversionFromStart: number;
}
