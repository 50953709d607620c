import { describe, expect, it } from 'vitest';
import { greetingAt } from './greeting';

describe('greetingAt', () => {
  it.each([
    ['2026-01-15T11:00:00Z', 'America/Los_Angeles', 'Good evening'], // 03:00 in Los Angeles
    ['2026-01-15T13:00:00Z', 'America/Los_Angeles', 'Good morning'], // 05:00
    ['2026-01-15T20:30:00Z', 'America/Los_Angeles', 'Good afternoon'], // 12:30
    ['2026-01-15T02:30:00Z', 'America/Los_Angeles', 'Good evening'], // 18:30 the day before
    ['2026-01-15T03:00:00Z', 'UTC', 'Good evening'],
    ['2026-01-15T03:00:00Z', 'Asia/Tokyo', 'Good afternoon'], // 12:00
  ])('at %s in %s: %s', (at, zone, expected) => {
    expect(greetingAt(new Date(at), zone)).toBe(expected);
  });
});
