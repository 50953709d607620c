import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../postgres/pool';
import fc from 'fast-check';
import type { NewEvent, SealedLookup, StoredEvent } from '../event-store/types';
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
      encoded.appends.map((append) => append.events[0]!.sealed ?? null),
    );
    expect(decoded.map((event) => event.data)).toEqual([
      { title: 'Run a half marathon' },
      { title: 'Run a half marathon' },
    ]);
  });
});

describe('PersonalDataCodec: keys from the cache', () => {
  it('given a user whose key is cached, when their events are encoded, then the key table is not read', async () => {
    const { rows, db } = keyTable();
    let reads = 0;
    const counting = {
      query: (...args: unknown[]) => ((reads += 1), (db.query as (...a: unknown[]) => unknown)(...args)),
    } as unknown as Queryable;
    const codec = new PersonalDataCodec(new UserKeyStore(randomBytes(32)), titles);
    const append = (title: string) => [
      { streamId: 'goal-g1', events: [{ type: 'GoalCreated', schemaVersion: 1, data: { title } }] },
    ];
    const first = await codec.encode(append('one'), 'usr_a', counting);
    rows.set('usr_a', first.newKeys.get('usr_a')!);
    await codec.encode(append('two'), 'usr_a', counting); // reads the stored key and caches it
    const readsBefore = reads;
    const third = await codec.encode(append('three'), 'usr_a', counting);
    expect(reads).toBe(readsBefore);
    expect(third.newKeys.size).toBe(0);
    expect([...(third.usedKeys ?? [])]).toEqual(['usr_a']);
    const [decoded] = await codec.decode([storedEvent('goal-g1', third.appends[0]!.events[0]!.data)], counting, [
      third.appends[0]!.events[0]!.sealed!,
    ]);
    expect(decoded!.data).toEqual({ title: 'three' });
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

  it('given an event with two personal fields, when encoded, then one seal in its own bytes (v3) carries both and decodes back', async () => {
    const { rows, db } = keyTable();
    const codec = new PersonalDataCodec(new UserKeyStore(randomBytes(32)), twoTitles);
    const data = { title: 'Run a half marathon', subtitle: 'before spring', n: 1 };
    const encoded = await codec.encode(
      [{ streamId: 'goal-g1', events: [{ type: 'GoalCreated', schemaVersion: 1, data }] }],
      'usr_a',
      db,
    );
    rows.set('usr_a', encoded.newKeys.get('usr_a')!);
    const event = encoded.appends[0]!.events[0]!;
    expect(event.data).toEqual({ n: 1, title: { $pii: 'v3', i: 0 }, subtitle: { $pii: 'v3', i: 1 } });
    expect(event.sealed!.toString('latin1')).not.toContain('marathon');
    expect(event.sealed!.toString('latin1')).toContain('usr_a'); // the subject, in the authenticated header
    const [decoded] = await codec.decode([storedEvent('goal-g1', event.data)], db, [event.sealed!]);
    expect(decoded!.data).toEqual(data);
  });

  it('given v3 sealed bytes changed, moved to another subject, or missing, when decoded, then it fails rather than read wrong data', async () => {
    const { rows, db } = keyTable();
    const codec = new PersonalDataCodec(new UserKeyStore(randomBytes(32)), twoTitles);
    const encode = async (user: string) => {
      const encoded = await codec.encode(
        [
          {
            streamId: 'goal-g1',
            events: [{ type: 'GoalCreated', schemaVersion: 1, data: { title: 'a', subtitle: 'b' } }],
          },
        ],
        user,
        db,
      );
      rows.set(user, encoded.newKeys.get(user)!);
      return encoded.appends[0]!.events[0]!;
    };
    const a = await encode('usr_a');
    const b = await encode('usr_b');
    const flipped = Buffer.from(a.sealed!);
    flipped[flipped.length - 1] = flipped[flipped.length - 1]! ^ 1;
    await expect(codec.decode([storedEvent('goal-g1', a.data)], db, [flipped])).rejects.toThrow();
    // usr_a's header in front of usr_b's seal: the header is the seal's authenticated context.
    const headerLength = 3 + 'usr_a'.length;
    const swapped = Buffer.concat([a.sealed!.subarray(0, headerLength), b.sealed!.subarray(headerLength)]);
    await expect(codec.decode([storedEvent('goal-g1', a.data)], db, [swapped])).rejects.toThrow();
    await expect(codec.decode([storedEvent('goal-g1', a.data)], db, [null])).rejects.toThrow(
      /without their ciphertext/,
    );
  });

  it('given events written per field (v1), per event in the data (v2) and in their own bytes (v3) in one read, then all decode; erased, all read "[erased]"', async () => {
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
    // An event as the codec wrote it from migration 0085 to 0098: one seal per event, in its data.
    const v2 = {
      title: {
        $pii: 'v2',
        c: seal(dataKey.key, JSON.stringify(['middle', 'aged']), 'stride-pii-v2:usr_a').toString('base64'),
        i: 0,
        k: 'usr_a',
      },
      subtitle: { $pii: 'v2', i: 1, k: 'usr_a' },
      n: 2,
    };
    const events = [
      storedEvent('goal-g0', { title: v1('old'), subtitle: v1('older'), n: 0 }),
      storedEvent('goal-g2', v2),
      storedEvent('goal-g1', encoded.appends[0]!.events[0]!.data),
    ];
    const sealed = [null, null, encoded.appends[0]!.events[0]!.sealed!];
    expect((await codec.decode(events, db, sealed)).map((event) => event.data)).toEqual([
      { title: 'old', subtitle: 'older', n: 0 },
      { title: 'middle', subtitle: 'aged', n: 2 },
      { title: 'new', subtitle: 's' },
    ]);
    rows.delete('usr_a');
    expect((await codec.decode(events, db, sealed)).map((event) => event.data)).toEqual([
      { title: '[erased]', subtitle: '[erased]', n: 0 },
      { title: '[erased]', subtitle: '[erased]', n: 2 },
      { title: '[erased]', subtitle: '[erased]' },
    ]);
  });
});

describe('PersonalDataCodec: one seal for several events of an append', () => {
  /** Every string field of the data is personal. */
  const strings: PersonalDataPolicy = {
    mapPersonalData: (_type, data, replace) =>
      Object.fromEntries(
        Object.entries(data as Record<string, unknown>).map(([name, value]) => [
          name,
          typeof value === 'string' ? replace(value) : value,
        ]),
      ),
    subjectOf: (_streamId, actor) => actor,
    erased: '[erased]',
  };

  /** A stream's events as the store would read them after appending `encoded` to an empty stream. */
  const stored = (streamId: string, events: readonly NewEvent[]) =>
    events.map((event, index) => ({
      event: { ...storedEvent(streamId, event.data), streamVersion: index + 1, eventId: `${streamId}-${index + 1}` },
      sealed: event.sealed ?? null,
    }));

  const setUp = async (events: readonly NewEvent[]) => {
    const { rows, db } = keyTable();
    const codec = new PersonalDataCodec(new UserKeyStore(randomBytes(32), { cacheMs: 0 }), strings);
    const encoded = await codec.encode([{ streamId: 'goal-g1', events }], 'usr_a', db);
    rows.set('usr_a', encoded.newKeys.get('usr_a')!);
    const read = stored('goal-g1', encoded.appends[0]!.events);
    const lookups: Array<readonly { streamId: string; streamVersion: number }[]> = [];
    const lookup: SealedLookup = async (wanted) => {
      lookups.push(wanted);
      return wanted.map(({ streamId, streamVersion }) =>
        streamId === 'goal-g1' ? (read[streamVersion - 1]?.sealed ?? null) : null,
      );
    };
    /** Decodes the events from version `from` on, as a read that starts there would. */
    const decodeFrom = async (from: number) => {
      const page = read.slice(from - 1);
      const decoded = await codec.decode(
        page.map(({ event }) => event),
        db,
        page.map(({ sealed }) => sealed),
        lookup,
      );
      return decoded.map((event) => event.data);
    };
    return { codec, db, rows, encoded: encoded.appends[0]!.events, read, lookups, decodeFrom };
  };

  const event = (data: Record<string, unknown>): NewEvent => ({ type: 'TaskAdded', schemaVersion: 1, data });

  it('given an append of several events, when encoded, then the first with personal strings carries the one seal and the others refer to it', async () => {
    const events = [event({ n: 0 }), event({ title: 'a', note: 'b' }), event({ n: 2 }), event({ title: 'c' })];
    const { encoded, lookups, decodeFrom } = await setUp(events);
    expect(encoded.map((e) => e.sealed?.[0] ?? null)).toEqual([null, 3, null, 4]);
    expect(encoded[3]!.sealed).toEqual(Buffer.from([4, 0, 0, 0, 2])); // two versions back
    expect(encoded[3]!.data).toEqual({ title: { $pii: 'v3', i: 2 } });
    expect(encoded[1]!.sealed!.toString('latin1')).not.toMatch(/"a"|"c"/);
    expect(await decodeFrom(1)).toEqual(events.map((e) => e.data));
    expect(lookups).toEqual([]); // the seal was among the events read
    expect(await decodeFrom(3)).toEqual(events.slice(2).map((e) => e.data));
    expect(lookups).toEqual([[{ streamId: 'goal-g1', streamVersion: 2 }]]);
  });

  it('given data with a key named __proto__ (as JSON.parse makes it), when decoded, then the key comes back a key', async () => {
    const data = JSON.parse('{"__proto__": "a personal string", "n": 1}') as Record<string, unknown>;
    const { decodeFrom } = await setUp([event(data)]);
    const [decoded] = (await decodeFrom(1)) as Array<Record<string, unknown>>;
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(decoded, '__proto__')?.value).toBe('a personal string');
  });

  it('given more events or text than a seal takes, when encoded, then a new seal starts', async () => {
    const many = Array.from({ length: 300 }, (_, n) => event({ title: `task ${n}` }));
    const { encoded, decodeFrom } = await setUp(many);
    const carriers = encoded.flatMap((e, index) => (e.sealed?.[0] === 3 ? [index] : []));
    expect(carriers).toEqual([0, 128, 256]);
    expect(await decodeFrom(200)).toEqual(many.slice(199).map((e) => e.data));

    const long = Array.from({ length: 5 }, (_, n) => event({ title: `${n}`.padEnd(40_000, '.') }));
    const sealedLong = (await setUp(long)).encoded;
    expect(sealedLong.map((e) => e.sealed![0])).toEqual([3, 4, 3, 4, 3]);
  });

  it('given an event with more personal strings than there are shared slots, when encoded and decoded, then each comes back in its place', async () => {
    const data = Object.fromEntries(Array.from({ length: 1500 }, (_, n) => [`field${n}`, `personal ${n}`]));
    const { encoded, decodeFrom } = await setUp([event(data)]);
    const slots = encoded[0]!.data as Record<string, { $pii: string; i: number }>;
    expect(slots.field1499).toEqual({ $pii: 'v3', i: 1499 });
    expect(await decodeFrom(1)).toEqual([data]);
  });

  it('given two appends, when encoded, then they share slot objects that nothing can change, and each decodes to its own data', async () => {
    const { codec, db, rows, decodeFrom } = await setUp([event({ title: 'first' })]);
    const second = await codec.encode([{ streamId: 'goal-g2', events: [event({ title: 'second' })] }], 'usr_a', db);
    expect(rows.size).toBe(1);
    const [firstSlot, secondSlot] = [
      (await setUp([event({ title: 'x' })])).encoded[0]!,
      second.appends[0]!.events[0]!,
    ].map((e) => (e.data as { title: object }).title);
    expect(firstSlot).toBe(secondSlot);
    expect(Object.isFrozen(firstSlot)).toBe(true);
    expect(await decodeFrom(1)).toEqual([{ title: 'first' }]);
    const [decoded] = await codec.decode([storedEvent('goal-g2', second.appends[0]!.events[0]!.data)], db, [
      second.appends[0]!.events[0]!.sealed!,
    ]);
    expect(decoded!.data).toEqual({ title: 'second' });
  });

  it('given a reference to no seal, or no way to look one up, when decoded, then it fails rather than read wrong data', async () => {
    const events = [event({ title: 'a' }), event({ title: 'b' })];
    const { codec, db, read, decodeFrom } = await setUp(events);
    await expect(
      codec.decode([read[1]!.event], db, [Buffer.from([4, 0, 0, 0, 1])], async () => [null]),
    ).rejects.toThrow(/without their ciphertext/);
    await expect(codec.decode([read[1]!.event], db, [read[1]!.sealed])).rejects.toThrow(/without a way to read it/);
    await expect(codec.decode([read[1]!.event], db, [Buffer.from([4, 0, 0, 1])], async () => [null])).rejects.toThrow(
      /wrong size/,
    );
    expect(await decodeFrom(2)).toEqual([{ title: 'b' }]);
  });

  it('given any events and any place a read starts, when encoded and decoded, then the read gets the data appended; erased, "[erased]"', async () => {
    const data = fc.dictionary(
      fc.constantFrom('title', 'note', 'n', 'done'),
      fc.oneof(fc.string({ maxLength: 600 }), fc.integer(), fc.boolean()),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(data, { minLength: 1, maxLength: 300 }), fc.nat(), async (datas, start) => {
        const events = datas.map(event);
        const { rows, decodeFrom } = await setUp(events);
        const from = 1 + (start % events.length);
        expect(await decodeFrom(from)).toEqual(datas.slice(from - 1));
        rows.delete('usr_a');
        const erased = datas
          .slice(from - 1)
          .map((d) =>
            Object.fromEntries(Object.entries(d).map(([k, v]) => [k, typeof v === 'string' ? '[erased]' : v])),
          );
        expect(await decodeFrom(from)).toEqual(erased);
      }),
      { numRuns: 60 },
    );
  });
});
