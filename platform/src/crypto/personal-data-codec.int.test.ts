import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseFactories, type TestDatabase } from '@stride/testing/postgres';
import { ExpectedVersionConflictError } from '../event-store/errors';
import { PostgresEventStore } from '../event-store/event-store';
import { verifyEventChains } from '../event-store/verify-integrity';
import { PersonalDataCodec, type PersonalDataPolicy } from './personal-data-codec';
import { UserKeyStore } from './user-keys';

/** A policy of this test's own: `secret` is personal; the writer is the subject. */
const policy: PersonalDataPolicy = {
  mapPersonalData: (_type, data, replace) => {
    const { secret, ...rest } = data as { secret?: string };
    return secret === undefined ? data : { ...rest, secret: replace(secret) };
  },
  subjectOf: (_streamId, actor) => actor,
  erased: '[erased]',
};

describe.each(['postgres', 'pglite'] as const)('personal data codec on %s', (kind) => {
  let db: TestDatabase;
  const masterKey = randomBytes(32);
  const storeWith = (keys = new UserKeyStore(masterKey)) => ({
    keys,
    store: new PostgresEventStore(db.pool, { codec: new PersonalDataCodec(keys, policy) }),
  });
  const ev = (secret: string) => ({ type: 'Noted', data: { secret, n: 1 }, schemaVersion: 1 });

  beforeAll(async () => {
    db = await testDatabaseFactories[kind]();
  });
  afterAll(async () => db?.drop());

  it("encrypts in both append paths with one key per user, and reads plaintext; another master key can't", async () => {
    const { store } = storeWith();
    const user = `u-${randomUUID()}`;
    await store.append(`note-${randomUUID()}`, [ev('alpha secret')], { metadata: { userId: user } });
    const id = `note-${randomUUID()}`;
    await store.appendToStreams([{ streamId: id, events: [ev('beta secret')] }], { metadata: { userId: user } });
    const raw = await db.pool.query<{ data: string; sealed: Buffer; hash_format: number }>(
      'SELECT data::text AS data, sealed, hash_format FROM events WHERE stream_id = $1',
      [id],
    );
    expect(raw.rows[0]!.data).not.toContain('beta secret');
    expect(raw.rows[0]!.data).toContain('"$pii": "v3"');
    expect(raw.rows[0]!.sealed.toString('latin1')).not.toContain('beta secret');
    expect(raw.rows[0]!.hash_format).toBe(3);
    expect((await store.readStream(id)).events[0]!.data).toEqual({ secret: 'beta secret', n: 1 });
    const keys = await db.pool.query('SELECT 1 FROM user_keys WHERE user_id = $1', [user]);
    expect(keys.rows).toHaveLength(1);

    const stranger = new PostgresEventStore(db.pool, {
      codec: new PersonalDataCodec(new UserKeyStore(randomBytes(32)), policy),
    });
    await expect(stranger.readStream(id)).rejects.toThrow();
  });

  it('the chain covers the sealed bytes: changed, removed or moved to another event, the chain breaks', async () => {
    const { store } = storeWith();
    const user = `u-${randomUUID()}`;
    const id = `note-${randomUUID()}`;
    await store.append(id, [ev('first secret'), ev('second secret')], { metadata: { userId: user } });
    expect((await verifyEventChains(db.pool)).broken.filter((b) => b.streamId === id)).toEqual([]);
    const brokenAfter = async (sql: string) => {
      const client = await db.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(sql, [id]);
        return (await verifyEventChains(client)).broken.filter((b) => b.streamId === id);
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
    };
    expect(
      await brokenAfter(
        `UPDATE events SET sealed = set_byte(sealed, octet_length(sealed) - 1, get_byte(sealed, octet_length(sealed) - 1) # 1)
          WHERE stream_id = $1 AND stream_version = 2`,
      ),
    ).toMatchObject([{ streamVersion: 2 }]);
    expect(
      await brokenAfter('UPDATE events SET sealed = NULL WHERE stream_id = $1 AND stream_version = 1'),
    ).toMatchObject([{ streamVersion: 1 }]);
    expect(
      await brokenAfter(
        `UPDATE events SET sealed = (SELECT sealed FROM events WHERE stream_id = $1 AND stream_version = 1)
          WHERE stream_id = $1 AND stream_version = 2`,
      ),
    ).toMatchObject([{ streamVersion: 2 }]);
  });

  it('events sharing one seal read back from any version, in any page of the log, and the chain covers their references', async () => {
    const { store } = storeWith();
    const user = `u-${randomUUID()}`;
    const id = `note-${randomUUID()}`;
    // 200 events: two seals (128 and 72 events), the first one large enough to be stored out of line (TOAST).
    const secrets = Array.from({ length: 200 }, (_, n) => `secret number ${n} `.repeat(4));
    const { firstPosition, transactionId } = await store.append(id, secrets.map(ev), { metadata: { userId: user } });
    const raw = await db.pool.query<{ format: number; bytes: number }>(
      'SELECT get_byte(sealed, 0) AS format, octet_length(sealed) AS bytes FROM events WHERE stream_id = $1 ORDER BY stream_version',
      [id],
    );
    expect(raw.rows.filter((row) => row.format === 3)).toHaveLength(2);
    expect(raw.rows[0]!.bytes).toBeGreaterThan(8000);
    expect(raw.rows[1]!.bytes).toBe(5);

    const fromVersion = await store.readStream(id, { fromVersion: 150 });
    expect(fromVersion.events.map((event) => (event.data as { secret: string }).secret)).toEqual(secrets.slice(149));
    // A page of the log that starts after the seal's event and ends before the second seal.
    const page = await store.readAll({
      after: { transactionId, position: firstPosition + 9 },
      limit: 50,
      gapSafe: false,
    });
    expect(page.map((event) => (event.data as { secret: string }).secret)).toEqual(secrets.slice(10, 60));

    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      // Event 5 pointed at event 4 (a reference, not a seal) instead of event 1: the chain breaks at it.
      await client.query(
        `UPDATE events SET sealed = '\\x0400000001'::bytea WHERE stream_id = $1 AND stream_version = 5`,
        [id],
      );
      expect((await verifyEventChains(client)).broken.filter((b) => b.streamId === id)).toMatchObject([
        { streamVersion: 5 },
      ]);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('a first append of a new user in a transaction that rolls back leaves no key that was used', async () => {
    const { store } = storeWith();
    const user = `u-${randomUUID()}`;
    const id = `note-${randomUUID()}`;
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await store.appendInTransaction(client, [{ streamId: id, events: [ev('lost')] }], { metadata: { userId: user } });
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    await store.appendToStreams([{ streamId: id, events: [ev('kept')] }], { metadata: { userId: user } });
    expect((await store.readStream(id)).events.map((e) => e.data)).toEqual([{ secret: 'kept', n: 1 }]);
  });

  it('concurrent first appends of one user from two processes: every stored event stays readable', async () => {
    const user = `u-${randomUUID()}`;
    const [a, b] = [storeWith().store, storeWith().store];
    const results = await Promise.allSettled(
      [a, b].map((store, i) =>
        store.appendToStreams([{ streamId: `note-${randomUUID()}`, events: [ev(`racer ${i}`)] }], {
          metadata: { userId: user },
        }),
      ),
    );
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(ExpectedVersionConflictError);
    }
    const { rows } = await db.pool.query<{ stream_id: string }>(
      `SELECT stream_id FROM events WHERE metadata->>'userId' = $1`,
      [user],
    );
    expect(rows.length).toBeGreaterThanOrEqual(1);
    for (const { stream_id } of rows) {
      expect((await storeWith().store.readStream(stream_id)).events[0]!.data).toMatchObject({ n: 1 });
    }
  });

  it('after erasure: reads give "[erased]" (this process at once, others after their cache), writes store it', async () => {
    const { store, keys } = storeWith();
    const elsewhere = storeWith();
    const user = `u-${randomUUID()}`;
    const id = `note-${randomUUID()}`;
    await store.append(id, [ev('to be forgotten')], { metadata: { userId: user } });
    expect((await elsewhere.store.readStream(id)).events[0]!.data).toMatchObject({ secret: 'to be forgotten' });

    await keys.erase(user, db.pool);
    expect((await store.readStream(id)).events[0]!.data).toEqual({ secret: '[erased]', n: 1 });
    elsewhere.keys.forget(user); // its cache expiring
    expect((await elsewhere.store.readStream(id)).events[0]!.data).toEqual({ secret: '[erased]', n: 1 });

    await store.append(id, [ev('written after')], { metadata: { userId: user } });
    const raw = await db.pool.query<{ data: string }>(
      'SELECT data::text AS data FROM events WHERE stream_id = $1 ORDER BY stream_version',
      [id],
    );
    expect(raw.rows[1]!.data).toContain('"secret": "[erased]"');
    expect((await verifyEventChains(db.pool)).broken).toEqual([]);
  });

  it('an append with another process\'s key cached after that process erased it: refused, then written as "[erased]"', async () => {
    const user = `u-${randomUUID()}`;
    const [single, several, eraser] = [storeWith(), storeWith(), storeWith()];
    for (const writer of [single, several]) {
      await writer.store.append(`note-${randomUUID()}`, [ev('cached')], { metadata: { userId: user } });
    }
    await eraser.keys.erase(user, db.pool);

    const one = `note-${randomUUID()}`;
    await single.store.append(one, [ev('after erasure')], { metadata: { userId: user } });
    const two = `note-${randomUUID()}`;
    const append = () =>
      several.store.appendToStreams([{ streamId: two, events: [ev('after erasure')] }], { metadata: { userId: user } });
    // In a caller's transaction the append cannot encrypt again itself: it fails as a conflict (the caller retries).
    await expect(append()).rejects.toBeInstanceOf(ExpectedVersionConflictError);
    await append();

    const raw = await db.pool.query<{ data: string }>(
      'SELECT data::text AS data FROM events WHERE stream_id = ANY($1) ORDER BY stream_id',
      [[one, two]],
    );
    expect(raw.rows.map((row) => row.data)).toEqual([
      '{"n": 1, "secret": "[erased]"}',
      '{"n": 1, "secret": "[erased]"}',
    ]);
  });
});
