import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../postgres/pool';
import type { StoredEvent } from '../event-store/types';
import { PersonalDataCodec, type PersonalDataPolicy } from './personal-data-codec';
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

const stored = (streamId: string, data: unknown): StoredEvent => ({
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
      encoded.appends.map((append) => stored(append.streamId, append.events[0]!.data)),
      db,
    );
    expect(decoded.map((event) => event.data)).toEqual([
      { title: 'Run a half marathon' },
      { title: 'Run a half marathon' },
    ]);
  });
});
