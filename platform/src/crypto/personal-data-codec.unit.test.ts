import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../postgres/pool';
import type { StoredEvent } from '../event-store/types';
import { PersonalDataCodec, type PersonalDataPolicy } from './personal-data-codec';
import { seal } from './aes-gcm';
import { UserKeyStore } from './user-keys';

/** The user_keys table as the key store reads it: user id to wrapped key. */
const keyTable = () => {
  const rows = new Map<string, Buffer>();
  const db = {
    query: async (text: string, values: unknown[]) => {
      if (text.includes('ANY($1')) {
        const wanted = values[0] as string[];
        return { rows: wanted.filter((id) => rows.has(id)).map((id) => ({ user_id: id, wrapped_key: rows.get(id) })) };
      }
      const wrapped = rows.get(values[0] as string);
      return { rows: wrapped ? [{ wrapped_key: wrapped }] : [] };
    },
  } as unknown as Queryable;
  return { rows, db };
};

/** Titles are personal; every stream of the test is about the actor. */
const titles: PersonalDataPolicy = {
  mapPersonalData: (_type, data, replace) => {
    const { title, ...rest } = data as { title?: string };
    return title === undefined ? data : { ...rest, title: replace(title) };
  },
  subjectOf: (_streamId, actor) => actor,
  erased: '[erased]',
};

const storedEvent = (streamId: string, data: unknown): StoredEvent => ({
  globalPosition: 1,
  transactionId: '1',
  streamId,
  streamVersion: 1,
  eventId: streamId,
  type: 'Something',
  schemaVersion: 1,
  data,
  metadata: { userId: 'usr_a' } as StoredEvent['metadata'],
  recordedAt: '2026-11-25T00:00:00.000Z',
});

describe('PersonalDataCodec', () => {
  it('given a user without a key, when their first append touches two streams, then both decrypt with the one key stored', async () => {
    const { rows, db } = keyTable();
    const codec = new PersonalDataCodec(new UserKeyStore(randomBytes(32)), titles);
    const encoded = await codec.encode(
      [
        {
          streamId: 'goal-g1',
          events: [{ type: 'GoalCreated', schemaVersion: 1, data: { title: 'Run a half marathon' } }],
        },
        {
          streamId: 'usage-usr_a',
          events: [{ type: 'GoalCounted', schemaVersion: 1, data: { title: 'Run a half marathon' } }],
        },
      ],
      'usr_a',
      db,
    );
    expect([...encoded.newKeys.keys()]).toEqual(['usr_a']);
    rows.set('usr_a', encoded.newKeys.get('usr_a')!);

    const decoded = await codec.decode(
      encoded.appends.map((append) => storedEvent(append.streamId, append.events[0]!.data)),
      db,
    );
    expect(decoded.map((event) => event.data)).toEqual([
      { title: 'Run a half marathon' },
      { title: 'Run a half marathon' },
    ]);
  });
});

describe('PersonalDataCodec formats', () => {
  const twoTitles: PersonalDataPolicy = {
    mapPersonalData: (_type, data, replace) => {
      const { title, subtitle, ...rest } = data as { title: string; subtitle: string };
      return { ...rest, title: replace(title), subtitle: replace(subtitle) };
    },
    subjectOf: (_streamId, actor) => actor,
    erased: '[erased]',
  };

  it('given an event with two personal fields, when encoded, then one ciphertext (v2) carries both and decodes back', async () => {
    const { rows, db } = keyTable();
    const codec = new PersonalDataCodec(new UserKeyStore(randomBytes(32)), twoTitles);
    const data = { title: 'Run a half marathon', subtitle: 'before spring', n: 1 };
    const encoded = await codec.encode(
      [{ streamId: 'goal-g1', events: [{ type: 'GoalCreated', schemaVersion: 1, data }] }],
      'usr_a',
      db,
    );
    rows.set('usr_a', encoded.newKeys.get('usr_a')!);
    const stored = encoded.appends[0]!.events[0]!.data as Record<string, { $pii: string; c?: string; i: number }>;
    expect(JSON.stringify(stored)).not.toContain('marathon');
    expect([stored.title!.$pii, stored.subtitle!.$pii]).toEqual(['v2', 'v2']);
    expect([stored.title!.c, stored.subtitle!.c].filter(Boolean)).toHaveLength(1);
    const [decoded] = await codec.decode([storedEvent('goal-g1', stored)], db);
    expect(decoded!.data).toEqual(data);
  });

  it('given events written per field (v1) and per event (v2) in one read, then both decode; erased, both read "[erased]"', async () => {
    const { rows, db } = keyTable();
    const master = randomBytes(32);
    const keys = new UserKeyStore(master, { cacheMs: 0 });
    const codec = new PersonalDataCodec(keys, twoTitles);
    const encoded = await codec.encode(
      [
        {
          streamId: 'goal-g1',
          events: [{ type: 'GoalCreated', schemaVersion: 1, data: { title: 'new', subtitle: 's' } }],
        },
      ],
      'usr_a',
      db,
    );
    rows.set('usr_a', encoded.newKeys.get('usr_a')!);
    const dataKey = await keys.keyFor('usr_a', db);
    if (dataKey.state !== 'stored') throw new Error('the key should be stored');
    // An event as the codec wrote it before format v2: each field sealed on its own.
    const v1 = (value: string) => ({
      $pii: 'v1',
      k: 'usr_a',
      c: seal(dataKey.key, Buffer.from(value, 'utf8'), 'stride-pii:usr_a').toString('base64'),
    });
    const events = [
      storedEvent('goal-g0', { title: v1('old'), subtitle: v1('older'), n: 0 }),
      storedEvent('goal-g1', encoded.appends[0]!.events[0]!.data),
    ];
    expect((await codec.decode(events, db)).map((event) => event.data)).toEqual([
      { title: 'old', subtitle: 'older', n: 0 },
      { title: 'new', subtitle: 's' },
    ]);
    rows.delete('usr_a');
    expect((await codec.decode(events, db)).map((event) => event.data)).toEqual([
      { title: '[erased]', subtitle: '[erased]', n: 0 },
      { title: '[erased]', subtitle: '[erased]' },
    ]);
  });
});
