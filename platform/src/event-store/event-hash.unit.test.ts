import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { canonicalJson, chainHashV2, eventDigest, eventDigestV3Hex } from './event-hash';

/** A value's keys in another order, at every depth (what jsonb does to them). */
const reordered = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(reordered);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).reverse();
  const copy: Record<string, unknown> = {};
  for (const [name, item] of entries) Object.defineProperty(copy, name, { value: reordered(item), enumerable: true });
  return copy;
};

describe('canonicalJson (hash format 2)', () => {
  it('given any JSON value, when its keys are reordered or it is read back from its JSON text, then it prints alike', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(canonicalJson(reordered(value))).toBe(text);
        expect(canonicalJson(JSON.parse(JSON.stringify(value)))).toBe(text);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 500 },
    );
  });

  it('given a value already in canonical order (its canonical text read back), then it prints as it is: the text is a fixed point', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        const inOrder = JSON.parse(text) as unknown;
        expect(canonicalJson(inOrder)).toBe(text);
        expect(JSON.stringify(inOrder)).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it('given a value in order but for one nested object or a Date inside, then that part alone is put in order', () => {
    expect(canonicalJson({ a: 1, b: { d: 1, c: 2 }, e: [{ g: 1, f: 2 }] })).toBe(
      '{"a":1,"b":{"c":2,"d":1},"e":[{"f":2,"g":1}]}',
    );
    expect(canonicalJson({ a: new Date('2026-11-27T00:00:00.000Z'), b: Object.create({ inherited: 1 }) })).toBe(
      '{"a":"2026-11-27T00:00:00.000Z","b":{}}',
    );
  });

  it('given two JSON values that print alike, then they are equal (a change to a value changes its text)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        if (canonicalJson(a) === canonicalJson(b)) {
          expect(JSON.parse(JSON.stringify(a))).toEqual(JSON.parse(JSON.stringify(b)));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('writes what JSON.stringify writes: toJSON applied, undefined left out of objects and null in arrays, a key named __proto__ kept', () => {
    const value = JSON.parse('{"b":1,"__proto__":{"y":2,"x":1},"a":[3]}') as Record<string, unknown>;
    value.when = new Date('2026-11-27T00:00:00.000Z');
    value.gone = undefined;
    value.list = [undefined, 1];
    expect(canonicalJson(value)).toBe(
      '{"__proto__":{"x":1,"y":2},"a":[3],"b":1,"list":[null,1],"when":"2026-11-27T00:00:00.000Z"}',
    );
    expect(canonicalJson({ 10: 'a', 9: 'b', x: 1 })).toBe(canonicalJson({ x: 1, 9: 'b', 10: 'a' }));
  });
});

describe('event digest and chain (hash format 2)', () => {
  const content = {
    streamId: 'goal-1',
    eventId: '00000000-0000-4000-8000-000000000001',
    type: 'GoalCreated',
    schemaVersion: 1,
    dataJson: canonicalJson({ title: 'Run' }),
    metadataJson: canonicalJson({ userId: 'u-1', schemaVersion: 1 }),
  };

  it('changes with every field it covers', () => {
    const digest = eventDigest(content);
    for (const changed of [
      { streamId: 'goal-2' },
      { eventId: '00000000-0000-4000-8000-000000000002' },
      { type: 'GoalUpdated' },
      { schemaVersion: 2 },
      { dataJson: canonicalJson({ title: 'Walk' }) },
      { metadataJson: canonicalJson({ userId: 'u-2', schemaVersion: 1 }) },
    ]) {
      expect(eventDigest({ ...content, ...changed }).equals(digest)).toBe(false);
    }
    const previous = Buffer.alloc(32, 1);
    const hash = chainHashV2(previous, digest, 1, '1764201600000000');
    expect(chainHashV2(previous, digest, 2, '1764201600000000').equals(hash)).toBe(false);
    expect(chainHashV2(previous, digest, 1, '1764201600000001').equals(hash)).toBe(false);
    expect(chainHashV2(Buffer.alloc(0), digest, 1, '1764201600000000').equals(hash)).toBe(false);
  });
});

describe('event digest (hash format 3)', () => {
  /** Format 3 as migration 0098 defines it, written out with a Hash object: the reference the store is held to. */
  const reference = (event: Parameters<typeof eventDigestV3Hex>[0]): string => {
    const sized = (text: string) => `${Buffer.byteLength(text, 'utf8')}\n${text}`;
    const text = [
      'stride-event-v3',
      sized(event.streamId),
      event.eventId,
      sized(event.type),
      event.schemaVersion,
      sized(event.dataJson),
      sized(event.metadataJson),
      event.sealed ? event.sealed.length : -1,
      '',
    ].join('\n');
    const digest = createHash('sha256').update(text, 'utf8');
    if (event.sealed) digest.update(event.sealed);
    return digest.digest('hex');
  };

  it('given any content and sealed bytes (none, small, or larger than the bytes reused between calls), then the digest is the format 3 formula', () => {
    const content = fc.record({
      streamId: fc.string({ unit: 'grapheme', maxLength: 40 }),
      eventId: fc.uuid(),
      type: fc.string({ maxLength: 20 }),
      schemaVersion: fc.integer({ min: 1, max: 9 }),
      // The large values repeat a small random one: drawn byte by byte, 300 runs of them took 9 s on a busy
      // machine (over the test's 5 s), and what they are for is their size, past the reused bytes.
      dataJson: fc.oneof(
        fc.string({ unit: 'grapheme', maxLength: 400 }),
        fc
          .tuple(fc.string({ minLength: 1, maxLength: 40 }), fc.integer({ min: 6000, max: 7000 }))
          .map(([part, length]) => part.repeat(Math.ceil(length / part.length)).slice(0, length)),
      ),
      metadataJson: fc.string({ unit: 'binary', maxLength: 200 }),
      sealed: fc.option(
        fc.oneof(
          fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
          fc
            .tuple(fc.uint8Array({ minLength: 1, maxLength: 64 }), fc.integer({ min: 17_000, max: 18_000 }))
            .map(([part, length]) => Buffer.alloc(length, part)),
        ),
      ),
    });
    fc.assert(
      fc.property(fc.array(content, { minLength: 1, maxLength: 4 }), (events) => {
        // Several in a row: what one call leaves in the reused bytes never reaches the next one's digest.
        for (const event of events) expect(eventDigestV3Hex(event)).toBe(reference(event));
      }),
      { numRuns: 300 },
    );
  });
});
