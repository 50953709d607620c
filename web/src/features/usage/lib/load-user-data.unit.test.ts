import { describe, expect, it, vi } from 'vitest';
import type { ServerUserRecord } from '@stride/domain/contracts/users';
import { makeUser } from '../../../test/render';
import { bypassShowsNewerCounts, loadUserData } from './load-user-data';
import { defaultUserData, toClientUser } from './to-client-user';
import { readUserDataCache, writeUserDataCache } from './user-data-cache';

const record: ServerUserRecord = {
  id: 'u1',
  email: 'a@b.co',
  name: 'Ana',
  subscription_tier: 'starter',
  subscription_status: 'active',
  goals_this_month: 3,
  ai_generations_this_month: 7,
  updated_at: '2025-05-02T00:00:00Z',
  current_month: '2025-05',
  payment_failed_at: null,
  grace_period_ends_at: null,
  created_at: '2025-01-01T00:00:00Z',
  last_reset_date: null,
  active_goals_count: 2,
  goals_limit: 10,
  ai_generations_limit: 100,
  onboarding_completed: true,
  is_admin: false,
  time_zone: 'America/Los_Angeles',
};

describe('loading user data (spec section 4)', () => {
  it('maps the server record to the client shape and caches it', async () => {
    const writeCache = vi.fn();
    const result = await loadUserData({
      fetchRecord: async () => record,
      readCache: () => null,
      writeCache,
      defaults: () => makeUser(),
    });
    expect(result.source).toBe('server');
    expect(result.user).toMatchObject({
      subscriptionTier: 'starter',
      goalsThisMonth: 3,
      aiGenerationsThisMonth: 7,
      goalsLimit: 10,
      currentMonth: '2025-05',
      activeGoalsCount: 2,
      timeZone: 'America/Los_Angeles',
    });
    expect(writeCache).toHaveBeenCalledWith(result.user);
  });

  it('falls back to the cached data of the same month, then to defaults from the sign-in provider', async () => {
    writeUserDataCache('u1', toClientUser(record));
    const failing = async () => {
      throw new Error('503');
    };
    const cached = await loadUserData({
      fetchRecord: failing,
      readCache: () => readUserDataCache('u1', '2025-05'),
      writeCache: vi.fn(),
      defaults: () => makeUser(),
    });
    expect(cached.source).toBe('cache');
    expect(cached.user.goalsThisMonth).toBe(3);

    const otherMonth = await loadUserData({
      fetchRecord: failing,
      readCache: () => readUserDataCache('u1', '2025-06'),
      writeCache: vi.fn(),
      defaults: () =>
        defaultUserData(
          { id: 'u1', email: 'a@b.co', name: 'Ana', imageUrl: null, publicMetadata: { subscriptionTier: 'pro' } },
          '2025-06',
        ),
    });
    expect(otherMonth.source).toBe('defaults');
    expect(otherMonth.user).toMatchObject({
      subscriptionTier: 'pro',
      goalsLimit: -1,
      aiGenerationsLimit: 300,
      goalsThisMonth: 0,
      currentMonth: '2025-06',
    });
  });

  it('treats an unknown tier in the provider metadata as free', () => {
    expect(
      defaultUserData(
        { id: 'u', email: '', name: '', imageUrl: null, publicMetadata: { subscriptionTier: 'platinum' } },
        '2025-01',
      ),
    ).toMatchObject({ subscriptionTier: 'free', goalsLimit: 1, aiGenerationsLimit: 3 });
  });

  it('asks for a refresh when the bypass counts are higher than the cached ones', () => {
    const cached = { goalsThisMonth: 2, aiGenerationsThisMonth: 5 };
    expect(bypassShowsNewerCounts(cached, { goals_this_month: 2, ai_generations_this_month: 5 })).toBe(false);
    expect(bypassShowsNewerCounts(cached, { goals_this_month: 3, ai_generations_this_month: 5 })).toBe(true);
    expect(bypassShowsNewerCounts(cached, { goals_this_month: 1, ai_generations_this_month: 6 })).toBe(true);
  });
});
