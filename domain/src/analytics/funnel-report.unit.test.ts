import { describe, expect, it } from 'vitest';
import { completesStep, defaultFunnelSteps, pagedEventOf, pageViewStep, productFunnelSteps } from './funnel';
import { funnelFromLevels, MAX_FUNNEL_STEPS, parseFunnelSteps } from './funnel-report';

describe('funnel steps from a query', () => {
  it('defaults to the product funnel, from the landing page view', () => {
    expect(parseFunnelSteps(undefined)).toBe(defaultFunnelSteps);
    expect(parseFunnelSteps('  ')).toBe(defaultFunnelSteps);
    expect(defaultFunnelSteps[0]).toMatchObject({ id: 'landing_viewed', eventTypes: ['page_viewed:/'] });
    expect(defaultFunnelSteps.slice(1)).toEqual(productFunnelSteps);
  });

  it('matches a page view step by name and path, and a plain name whatever the path', () => {
    const landing = { eventTypes: [pageViewStep('/')] };
    expect(completesStep(landing, 'page_viewed', '/')).toBe(true);
    expect(completesStep(landing, 'page_viewed', '/pricing')).toBe(false);
    expect(completesStep(landing, 'UserRegistered', '')).toBe(false);
    expect(completesStep({ eventTypes: ['page_viewed'] }, 'page_viewed', '/pricing')).toBe(true);
    expect(completesStep({ eventTypes: ['UserRegistered'] }, 'UserRegistered', '')).toBe(true);
    expect(pagedEventOf(pageViewStep('/pricing'))).toBe('page_viewed');
    expect(pagedEventOf('UserRegistered')).toBeNull();
    expect(parseFunnelSteps('page_viewed:/,page_viewed:/pricing,UserRegistered')[1]?.eventTypes).toEqual([
      'page_viewed:/pricing',
    ]);
  });

  it('reads steps separated by commas and alternatives by bars', () => {
    expect(parseFunnelSteps('UserRegistered,upgrade_clicked|checkout_started')).toEqual([
      { id: 'step_1', label: 'UserRegistered', eventTypes: ['UserRegistered'] },
      {
        id: 'step_2',
        label: 'upgrade_clicked or checkout_started',
        eventTypes: ['upgrade_clicked', 'checkout_started'],
      },
    ]);
  });

  it('refuses empty steps and too many steps', () => {
    expect(() => parseFunnelSteps('a,,b')).toThrow('step 2');
    expect(() => parseFunnelSteps(Array.from({ length: MAX_FUNNEL_STEPS + 1 }, (_, i) => `e${i}`).join(','))).toThrow();
  });
});

describe('funnel results from users per level', () => {
  it('counts a user at level k in every step up to k', () => {
    const steps = parseFunnelSteps('a,b,c');
    const result = funnelFromLevels(
      steps,
      new Map([
        [1, 5],
        [2, 3],
        [3, 2],
      ]),
    );
    expect(result.map((s) => [s.users, s.conversionFromPrevious, s.conversionFromStart])).toEqual([
      [10, 1, 1],
      [5, 0.5, 0.5],
      [2, 0.4, 0.2],
    ]);
  });

  it('is all zeros without users', () => {
    expect(funnelFromLevels(parseFunnelSteps('a,b'), new Map()).map((s) => s.users)).toEqual([0, 0]);
  });
});
