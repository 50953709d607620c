import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_TRACKED_PROPERTIES, TRACKED_EVENT_NAME_PATTERN } from '@stride/domain/analytics/tracked-events';
import {
  recordFromAnonymousEvent,
  recordFromTrackedEvent,
  trackedEventCodec,
  type TrackedEventRecord,
} from './tracked-event-record';

const record: TrackedEventRecord = {
  eventId: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  userId: 'u1',
  sessionId: 's1',
  event: 'task_completed',
  occurredAt: '2025-03-10T10:00:00.000Z',
  receivedAt: '2025-03-10T10:00:01.500Z',
  tier: 'pro',
  path: '/goals/g1',
  referrer: 'https://example.com/',
  userAgent: 'Mozilla/5.0',
  properties: { goal_id: 'g1', minutes: 25, on_time: true, note: null, tags: ['a', 1, false], extra: { k: 'v' } },
};

const encoded = (value: unknown): Buffer => Buffer.from(JSON.stringify(value), 'utf8');
const { decode, encode } = trackedEventCodec;

describe('trackedEventCodec', () => {
  it('given a record, when encoded and decoded, then the same record', () => {
    expect(decode(Buffer.from(encode(record), 'utf8'))).toEqual(record);
  });

  it('given a record, then it is keyed by its user and identified by its event id', () => {
    expect(trackedEventCodec.keyOf(record)).toBe('u1');
    expect(trackedEventCodec.idOf(record)).toBe('6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b');
  });

  it('given a record of a signed-out visitor or without a session, when round-tripped, then the empty ids stay', () => {
    const anonymous = { ...record, userId: '', sessionId: '', tier: '', path: '', referrer: '', userAgent: '' };
    expect(decode(Buffer.from(encode(anonymous), 'utf8'))).toEqual(anonymous);
  });

  it('given bytes that are not JSON, when decoded, then it throws', () => {
    expect(() => decode(Buffer.from('{"eventId":', 'utf8'))).toThrow(SyntaxError);
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['an array', [record]],
    ['no event id', { ...record, eventId: undefined }],
    ['an event id that is not a uuid', { ...record, eventId: 'e-1' }],
    ['no user id', { ...record, userId: undefined }],
    ['a user id over 128 characters', { ...record, userId: 'u'.repeat(129) }],
    ['a session id over 128 characters', { ...record, sessionId: 's'.repeat(129) }],
    ['an event name that is not snake_case', { ...record, event: 'TaskCompleted' }],
    ['an empty event name', { ...record, event: '' }],
    ['an occurredAt that is not an ISO instant', { ...record, occurredAt: '10/03/2025' }],
    ['a receivedAt that is a number', { ...record, receivedAt: 1741600800000 }],
    ['a tier over 32 characters', { ...record, tier: 't'.repeat(33) }],
    ['a path over 2000 characters', { ...record, path: `/${'p'.repeat(2000)}` }],
    ['a user agent over 1000 characters', { ...record, userAgent: 'a'.repeat(1001) }],
    ['properties nested twice', { ...record, properties: { deep: { deeper: { x: 1 } } } }],
    ['properties that are a list', { ...record, properties: ['x'] }],
    ['a property named __proto__', { ...record, properties: JSON.parse('{"__proto__":{}}') as unknown }],
    ['a nested property named __proto__', { ...record, properties: JSON.parse('{"a":{"__proto__":1}}') as unknown }],
    [
      `more than ${MAX_TRACKED_PROPERTIES} properties`,
      {
        ...record,
        properties: Object.fromEntries(Array.from({ length: MAX_TRACKED_PROPERTIES + 1 }, (_, i) => [`p${i}`, i])),
      },
    ],
  ])('given a message with %s, when decoded, then it is rejected', (_, message) => {
    expect(() => decode(encoded(message))).toThrow();
  });

  it('given a message with a field the record does not have, when decoded, then the field is dropped', () => {
    expect(decode(encoded({ ...record, ip: '10.0.0.1' }))).toEqual(record);
  });

  const text = (maxLength: number) => fc.string({ unit: 'grapheme', maxLength });
  const primitive = fc.oneof(
    fc.string({ maxLength: 50 }),
    // JSON has no -0: it is written as 0, so the generator leaves it out.
    fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
  );
  // Integer-like keys ("1") are left out: JavaScript objects list them first whatever the insertion order, so
  // re-encoding a decoded record would reorder them (the same record, a different byte string).
  // `__proto__` is refused by the schema (its own case above).
  const propertyKey = fc
    .string({ minLength: 1, maxLength: 20 })
    .filter((key) => !/^(0|[1-9]\d*)$/.test(key) && key !== '__proto__');
  const instant = fc
    .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true })
    .map((date) => date.toISOString());
  const records: fc.Arbitrary<TrackedEventRecord> = fc.record({
    eventId: fc.uuid({ version: [1, 2, 3, 4, 5, 7] }),
    userId: text(128).filter((s) => s.length <= 128),
    sessionId: text(128).filter((s) => s.length <= 128),
    event: fc.stringMatching(TRACKED_EVENT_NAME_PATTERN).filter((name) => name.length <= 100),
    occurredAt: instant,
    receivedAt: instant,
    tier: text(32).filter((s) => s.length <= 32),
    path: text(200),
    referrer: text(200),
    userAgent: text(200),
    properties: fc.dictionary(
      propertyKey,
      fc.oneof(
        primitive,
        fc.array(primitive, { maxLength: 5 }),
        fc.dictionary(propertyKey, primitive, { maxKeys: 5, noNullPrototype: true }),
      ),
      { maxKeys: 8, noNullPrototype: true },
    ),
  });

  it('given any valid record, when encoded then decoded, then the same record', () => {
    fc.assert(
      fc.property(records, (generated) => {
        expect(decode(Buffer.from(encode(generated), 'utf8'))).toEqual(generated);
      }),
      { numRuns: 300 },
    );
  });

  it('given any valid record, when decoded from its own encoding twice over, then the encoding is stable', () => {
    fc.assert(
      fc.property(records, (generated) => {
        const once = encode(generated);
        expect(encode(decode(Buffer.from(once, 'utf8')))).toBe(once);
      }),
    );
  });
});

describe('a signed-out visitor’s record (issue 13, item 15)', () => {
  const anonymousId = '0b7e1f6a-2c3d-4e5f-8a9b-0c1d2e3f4a5b';
  const body = {
    event: 'page_viewed',
    properties: { path: '/' },
    context: {
      sessionId: 's9',
      timestamp: '2025-03-10T10:00:00.000Z',
      path: '/',
      referrer: 'https://news.example/article?reader=someone@example.com',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
      tier: 'pro',
      anonymousId,
    },
  };
  const receivedAt = new Date('2025-03-10T10:00:01.000Z');

  it('given a page view, then it is kept under the anonymous id with no user, tier, user agent or referrer path', () => {
    const anonymous = recordFromAnonymousEvent(body, receivedAt);
    expect(anonymous).toMatchObject({
      userId: '',
      anonymousId,
      tier: '',
      userAgent: '',
      referrer: 'https://news.example',
    });
    expect(trackedEventCodec.keyOf(anonymous)).toBe(anonymousId);
    expect(trackedEventCodec.decode(Buffer.from(trackedEventCodec.encode(anonymous), 'utf8'))).toEqual(anonymous);
    expect(recordFromAnonymousEvent(body, receivedAt).eventId).toBe(anonymous.eventId);
    const other = recordFromAnonymousEvent(
      { ...body, context: { ...body.context, anonymousId: '1b7e1f6a-2c3d-4e5f-8a9b-0c1d2e3f4a5b' } },
      receivedAt,
    );
    expect(other.eventId).not.toBe(anonymous.eventId);
  });

  it('given properties and paths a visitor should not send, then only the properties their event keeps are kept, paths without queries', () => {
    const viewed = recordFromAnonymousEvent(
      {
        ...body,
        properties: { path: '/sign-up?email=someone@example.com', email: 'someone@example.com', plan: 'pro' },
        context: { ...body.context, path: '/pricing?ref=someone@example.com#top' },
      },
      receivedAt,
    );
    expect(viewed).toMatchObject({ path: '/pricing', properties: { path: '/sign-up' } });
    expect(Object.keys(viewed.properties)).toEqual(['path']);
    const ended = recordFromAnonymousEvent(
      { ...body, event: 'session_ended', properties: { reason: 'page_hidden', duration_seconds: 42, note: 'x' } },
      receivedAt,
    );
    expect(ended.properties).toEqual({ reason: 'page_hidden', duration_seconds: 42 });
    const started = recordFromAnonymousEvent({ ...body, event: 'session_started', properties: { a: 1 } }, receivedAt);
    expect(started.properties).toEqual({});
    // An event no visitor sends keeps nothing, whatever its name (an Object.prototype member's too).
    for (const event of ['goal_created', 'constructor', 'to_string'])
      expect(recordFromAnonymousEvent({ ...body, event, properties: { a: 1 } }, receivedAt).properties).toEqual({});
    // A signed-in user's own events keep what they send.
    expect(recordFromTrackedEvent({ ...body, properties: { a: 1 } }, 'u1', receivedAt).properties).toEqual({ a: 1 });
  });

  it('given a signed-in event, then the anonymous id is kept only on user_identified, and ids of other events are unchanged by it', () => {
    const identified = recordFromTrackedEvent({ ...body, event: 'user_identified' }, 'u1', receivedAt);
    expect(identified).toMatchObject({ userId: 'u1', anonymousId });
    const viewed = recordFromTrackedEvent(body, 'u1', receivedAt);
    expect(viewed).not.toHaveProperty('anonymousId');
    const { anonymousId: _dropped, ...withoutId } = body.context;
    expect(recordFromTrackedEvent({ ...body, context: withoutId }, 'u1', receivedAt).eventId).toBe(viewed.eventId);
  });
});
