import { describe, expect, it } from 'vitest';
import { syncFailure, syncOutcome } from './sync-messages';

describe('sync messages (spec section 8)', () => {
  it('reports the synced tier', () =>
    expect(syncOutcome({ found: true, subscription: { tier: 'pro', status: 'active' } }).text).toBe(
      'Subscription synced! Tier: pro',
    ));
  it('asks for the Stripe email when nothing is found', () => {
    expect(syncOutcome({ found: false, subscription: null })).toMatchObject({
      text: 'No active subscription found. Try syncing with your Stripe email?',
      askEmail: true,
    });
  });
  it('names the email that found nothing', () =>
    expect(syncOutcome({ found: false, subscription: null }, 'a@b.co').text).toBe('No subscription found for a@b.co'));
  it('reports failures with a fallback', () => {
    expect(syncFailure(new Error('502 Bad Gateway')).text).toBe('Sync failed: 502 Bad Gateway');
    expect(syncFailure('weird').text).toBe('Sync failed: Unknown error');
  });
});
