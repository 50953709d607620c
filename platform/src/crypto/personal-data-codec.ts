import type { Queryable } from '../postgres/pool';
import type { EncodedAppends, EventCodec, NewEvent, StoredEvent, StreamAppend } from '../event-store/types';
import { createSecretKey, type KeyObject } from 'node:crypto';
import { freshIvs, IV_BYTES, open, seal } from './aes-gcm';
import type { DataKey, UserKeyStore } from './user-keys';

/** What the product says is personal: the codec only encrypts and decrypts. */
export interface PersonalDataPolicy {
  /** The event's data with `replace(value)` in place of each personal string of it. */
  mapPersonalData(type: string, data: unknown, replace: (value: string) => unknown): unknown;
  /** The user the personal data of a stream's events is about (whose key encrypts it). */
  subjectOf(streamId: string, actorUserId: string): string;
  /** What a personal field reads as once its user's key is erased. */
  readonly erased: string;
}

/**
 * Format v1 (events written before migration 0085's release): each personal field sealed on its own,
 * `{"$pii": "v1", "k": user id, "c": base64(iv | tag | ciphertext)}`. Still read; no longer written.
 */
interface FieldEnvelope {
  readonly $pii: 'v1';
  readonly k: string;
  readonly c: string;
}

/**
 * Format v2 (events written from migration 0085's release to 0098's): one seal per event. Every personal
 * field of the event is `{"$pii": "v2", "k": user id, "i": n}` (its place in the sealed list); the field with
 * `"i": 0` also carries `"c"`: base64(iv | tag | ciphertext) of the JSON array of all the event's personal
 * strings. Still read; no longer written.
 */
interface EventSlot {
  readonly $pii: 'v2';
  readonly k: string;
  readonly i: number;
  c?: string;
}

/**
 * Format v3 (migration 0098): one seal per event, kept out of the data. Every personal field is
 * `{"$pii": "v3", "i": n}`; the sealed bytes go to the event's own column (`events.sealed`, the store's
 * NewEvent.sealed), as `header | iv | tag | ciphertext` of the JSON array of the event's personal strings,
 * where header = 3 | subject length (2 bytes) | subject (UTF-8), authenticated as the seal's context. Binary
 * in a bytea column: no base64, no JSON for PostgreSQL to parse, and the data stays small.
 */
interface ColumnSlot {
  readonly $pii: 'v3';
  readonly i: number;
}

type Envelope = FieldEnvelope | EventSlot | ColumnSlot;

const isEnvelope = (value: unknown): value is Envelope => {
  if (typeof value !== 'object' || value === null) return false;
  const version = (value as { $pii?: unknown }).$pii;
  return version === 'v1' || version === 'v2' || version === 'v3';
};

const SEALED_FORMAT = 3;

/** The v3 header of a subject's seals (bounded cache: made once per user, not per event). */
const sealedHeaders = new Map<string, Buffer>();
const sealedHeader = (subject: string): Buffer => {
  let header = sealedHeaders.get(subject);
  if (header === undefined) {
    const name = Buffer.from(subject, 'utf8');
    if (name.length > 0xffff) throw new RangeError('A data subject id this long cannot be sealed');
    header = Buffer.alloc(3 + name.length);
    header[0] = SEALED_FORMAT;
    header.writeUInt16BE(name.length, 1);
    name.copy(header, 3);
    if (sealedHeaders.size >= 10_000) sealedHeaders.clear();
    sealedHeaders.set(subject, header);
  }
  return header;
};

/** A v3 column value split into its subject, its header (the seal's context) and the seal. */
interface SplitSealed {
  readonly subject: string;
  readonly header: Buffer;
  readonly sealed: Buffer;
}

const splitSealed = (bytes: Buffer): SplitSealed => {
  if (bytes.length < 3 || bytes[0] !== SEALED_FORMAT) throw new Error('Sealed personal data of an unknown format');
  const end = 3 + bytes.readUInt16BE(1);
  return { subject: bytes.toString('utf8', 3, end), header: bytes.subarray(0, end), sealed: bytes.subarray(end) };
};

const fieldContext = (userId: string) => `stride-pii:${userId}`;
const eventContext = (userId: string) => `stride-pii-v2:${userId}`;

/** Every envelope of a value, depth first. */
function* envelopesIn(value: unknown): Generator<Envelope> {
  if (isEnvelope(value)) yield value;
  else if (Array.isArray(value)) for (const item of value) yield* envelopesIn(item);
  else if (typeof value === 'object' && value !== null)
    for (const item of Object.values(value)) yield* envelopesIn(item);
}

/** The value with every envelope replaced by `open(envelope)`. */
const openAll = (value: unknown, openOne: (envelope: Envelope) => string): unknown => {
  if (isEnvelope(value)) return openOne(value);
  if (Array.isArray(value)) return value.map((item) => openAll(item, openOne));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, openAll(item, openOne)]));
  }
  return value;
};

/**
 * Crypto-shredding at the event store's boundary: personal fields are encrypted (AES-256-GCM, the key of
 * the user they are about) before they are stored and decrypted when read, so deciders, projections and
 * audits see plaintext, the log holds only ciphertext, and the hash chain covers the ciphertext. Once a
 * user's key is erased their fields read as `policy.erased`; reading never fails for it.
 */
export class PersonalDataCodec implements EventCodec {
  /** Key objects of the data keys in use (setting up a cipher from one is cheaper than from raw bytes). */
  private readonly keyObjects = new WeakMap<Buffer, KeyObject>();

  constructor(
    private readonly keys: UserKeyStore,
    private readonly policy: PersonalDataPolicy,
  ) {}

  async encode(appends: readonly StreamAppend[], actorUserId: string, db: Queryable): Promise<EncodedAppends> {
    const newKeys = new Map<string, Buffer>();
    const usedKeys = new Set<string>();
    const encoded: StreamAppend[] = [];
    // One key per subject for the whole call: a user's first append may touch several streams (a goal and
    // its usage), and every one of them must be encrypted with the one key that gets stored.
    const keysOfCall = new Map<string, DataKey>();
    // The ivs of every seal of this call in one buffer (one seal per event at most).
    const ivs = freshIvs(appends.reduce((n, append) => n + append.events.length, 0));
    let nextIv = 0;
    const iv = () => ivs.subarray(IV_BYTES * nextIv, IV_BYTES * ++nextIv);
    for (const append of appends) {
      const subject = this.policy.subjectOf(append.streamId, actorUserId);
      const dataKey = keysOfCall.get(subject) ?? (await this.keys.keyFor(subject, db));
      keysOfCall.set(subject, dataKey);
      if (dataKey.state === 'new') newKeys.set(subject, dataKey.wrapped);
      if (dataKey.state !== 'erased') usedKeys.add(subject);
      encoded.push({
        ...append,
        events: append.events.map((event) =>
          dataKey.state === 'erased'
            ? { ...event, data: this.eraseAll(event) }
            : this.sealEvent(event, subject, this.keyObject(dataKey.key), iv),
        ),
      });
    }
    return { appends: encoded, newKeys, usedKeys };
  }

  private keyObject(key: Buffer): KeyObject {
    let keyObject = this.keyObjects.get(key);
    if (!keyObject) this.keyObjects.set(key, (keyObject = createSecretKey(key)));
    return keyObject;
  }

  /** The event with its personal strings replaced by v3 slots, all of them sealed into its `sealed` bytes. */
  private sealEvent(event: NewEvent, subject: string, key: KeyObject, iv: () => Buffer): NewEvent {
    const values: string[] = [];
    const data = this.policy.mapPersonalData(event.type, event.data, (value) => {
      values.push(value);
      return { $pii: 'v3', i: values.length - 1 } satisfies ColumnSlot;
    });
    if (values.length === 0) return event;
    const header = sealedHeader(subject);
    return { ...event, data, sealed: seal(key, JSON.stringify(values), header, iv(), header) };
  }

  private eraseAll(event: NewEvent): unknown {
    return this.policy.mapPersonalData(event.type, event.data, () => this.policy.erased);
  }

  /** The personal strings of an event in format v2, or null when its user's key is erased. */
  private openEvent(event: StoredEvent, keys: ReadonlyMap<string, Buffer | null>): string[] | null {
    let carrier: EventSlot | undefined;
    for (const envelope of envelopesIn(event.data)) {
      if (envelope.$pii === 'v2' && envelope.c !== undefined) carrier = envelope;
    }
    if (!carrier) throw new Error(`Event ${event.eventId}: sealed personal fields without their ciphertext`);
    const key = keys.get(carrier.k);
    if (!key) return null;
    return JSON.parse(
      open(this.keyObject(key), Buffer.from(carrier.c!, 'base64'), eventContext(carrier.k)).toString('utf8'),
    ) as string[];
  }

  /** The personal strings of an event in format v3 (its sealed column), or null when its user's key is erased. */
  private openColumn(
    { subject, header, sealed }: SplitSealed,
    keys: ReadonlyMap<string, Buffer | null>,
  ): string[] | null {
    const key = keys.get(subject);
    if (!key) return null;
    return JSON.parse(open(this.keyObject(key), sealed, header).toString('utf8')) as string[];
  }

  forgetKeys(userIds: Iterable<string>): void {
    for (const userId of userIds) this.keys.forget(userId);
  }

  storeKeys(newKeys: ReadonlyMap<string, Buffer>, db: Queryable): Promise<string[]> {
    return this.keys.store(newKeys, db);
  }

  async decode(events: StoredEvent[], db: Queryable, sealed: readonly (Buffer | null)[] = []): Promise<StoredEvent[]> {
    const subjects = new Set<string>();
    const columns = events.map((_, index) => {
      const bytes = sealed[index];
      return bytes ? splitSealed(bytes) : null;
    });
    let enveloped = false;
    events.forEach((event, index) => {
      const column = columns[index];
      if (column) subjects.add(column.subject);
      for (const envelope of envelopesIn(event.data)) {
        enveloped = true;
        if (envelope.$pii !== 'v3') subjects.add(envelope.k);
      }
    });
    if (!enveloped) return events;
    const keys = subjects.size > 0 ? await this.keys.lookup(subjects, db) : new Map<string, Buffer | null>();
    const openField = (envelope: FieldEnvelope): string => {
      const key = keys.get(envelope.k);
      if (!key) return this.policy.erased;
      return open(key, Buffer.from(envelope.c, 'base64'), fieldContext(envelope.k)).toString('utf8');
    };
    return events.map((event, index) => {
      // The event's slots take their values from its one seal: v2 in the data, v3 in its column.
      let opened: string[] | null | undefined;
      const openSlot = (slot: EventSlot | ColumnSlot): string => {
        if (opened === undefined) {
          const column = columns[index];
          if (slot.$pii === 'v2') opened = this.openEvent(event, keys);
          else if (column) opened = this.openColumn(column, keys);
          else throw new Error(`Event ${event.eventId}: sealed personal fields without their ciphertext`);
        }
        return opened === null ? this.policy.erased : (opened[slot.i] ?? this.policy.erased);
      };
      const openOne = (envelope: Envelope): string =>
        envelope.$pii === 'v1' ? openField(envelope) : openSlot(envelope);
      return { ...event, data: openAll(event.data, openOne) };
    });
  }
}
