import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildPlanCatalogue } from '@stride/domain/plans/plan-catalogue';
import { BILLING_CLOCK_NOTE, TEST_PAGE_TOKENS, testCheckoutPage, testModeMessagePage } from './test-mode-pages';

const webTokens = readFileSync(new URL('../../../../web/src/styles/tokens.css', import.meta.url), 'utf8');
/** A custom property's value in web/src/styles/tokens.css, whitespace collapsed. */
const webToken = (name: string) =>
  new RegExp(`${name}:\\s*([^;]+);`).exec(webTokens)?.[1]?.replace(/\s+/g, ' ').trim() ?? null;

const checkout = testCheckoutPage({
  sessionId: 'cs_test_1',
  plan: buildPlanCatalogue().pro,
  email: 'buyer@example.com',
  cancelUrl: 'http://stride.test/pricing?checkout=cancelled',
});
/** What a reader sees: the body's text without tags, styles or attributes. */
const visibleText = (html: string) =>
  (/<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '').replace(/<svg[\s\S]*?<\/svg>/g, '').replace(/<[^>]+>/g, ' ');

describe('the test-mode pages', () => {
  it("use the web app's design tokens, with the same values", () => {
    for (const [name, value] of Object.entries(TEST_PAGE_TOKENS)) expect([name, webToken(name)]).toEqual([name, value]);
    expect(checkout).toContain('font-family: var(--font-sans)');
  });

  it('say who may move the billing clock inside the card, in plain words, naming no API path', () => {
    const main = /<main>([\s\S]*)<\/main>/.exec(checkout)?.[1] ?? '';
    expect(main).toContain(BILLING_CLOCK_NOTE);
    expect(visibleText(checkout)).not.toMatch(/\/api\/|POST /);
    const message = testModeMessagePage('Checkout expired', 'This test checkout session has expired.', null);
    expect(/<main>([\s\S]*)<\/main>/.exec(message)?.[1]).toContain(BILLING_CLOCK_NOTE);
  });
});
