import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServerTestDatabase, type TestDatabase } from '@stride/testing/postgres';
import { createLogger } from '../logger';
import { NotificationListener } from './notification-listener';

const soon = { timeout: 5_000, interval: 10 };

describe('NotificationListener (PostgreSQL server)', () => {
  let db: TestDatabase;
  let listener: NotificationListener;
  const heard: Array<[string, string]> = [];
  let losses = 0;
  beforeAll(async () => {
    db = await createServerTestDatabase({ poolSize: 4 });
    listener = new NotificationListener(db.pool, createLogger({ level: 'silent' }), ['stride_a', 'stride_b']);
    for (const channel of ['stride_a', 'stride_b']) {
      listener.subscribe(channel, {
        onNotification: (payload) => heard.push([channel, payload]),
        onLost: () => (losses += 1),
      });
    }
    await listener.start();
  });
  afterAll(async () => {
    await listener.stop();
    await db.drop();
  });

  it('hears every channel on one connection, only when the sender commits', async () => {
    expect(listener.listening).toBe(true);
    await db.pool.query("SELECT pg_notify('stride_a', 'one'), pg_notify('stride_b', 'two')");
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query("SELECT pg_notify('stride_a', 'rolled back')");
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    await db.pool.query("SELECT pg_notify('stride_a', 'three')");
    await vi.waitFor(() => expect(heard).toHaveLength(3), soon);
    expect(heard).toEqual([
      ['stride_a', 'one'],
      ['stride_b', 'two'],
      ['stride_a', 'three'],
    ]);
  });

  it('tells every subscriber when its connection is lost, then listens again', async () => {
    heard.length = 0;
    const before = losses;
    await db.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
    );
    await vi.waitFor(() => expect(losses).toBeGreaterThanOrEqual(before + 2), soon);
    await vi.waitFor(() => expect(listener.listening).toBe(true), soon);
    await db.pool.query("SELECT pg_notify('stride_b', 'after')");
    await vi.waitFor(() => expect(heard).toHaveLength(1), soon);
    expect(heard).toEqual([['stride_b', 'after']]);
  });

  it('refuses a subscriber of a channel it does not listen on', () => {
    expect(() => listener.subscribe('stride_c', { onNotification: () => {}, onLost: () => {} })).toThrow(/stride_c/);
  });
});
