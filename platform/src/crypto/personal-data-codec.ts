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
 * Format v2: one seal per event. Every personal field of the event is `{"$pii": "v2", "k": user id, "i": n}`
 * (its place in the sealed list); the field with `"i": 0` also carries `"c"`: base64(iv | tag | ciphertext)
 * of the JSON array of all the event's personal strings. One AES-256-GCM seal per event instead of one per
 * field (the cipher setup, not the bytes, is what costs).
 */
interface EventSlot {
  readonly $pii: 'v2';
  readonly k: string;
  readonly i: number;
  c?: string;
}

type Envelope = FieldEnvelope | EventSlot;

const isEnvelope = (value: unknown): value is Envelope => {
  if (typeof value !== 'object' || value === null) return false;
  const version = (value as { $pii?: unknown }).$pii;
  return version === 'v1' || version === 'v2';
};

const fieldContext = (userId: string) => `stride-pii:${userId}`;
const eventContext = (userId: string) => `stride-pii-v2:${userId}`;

/** The authenticated context of a user's v2 seals, as bytes made once per user (a bounded cache). */
const eventContexts = new Map<string, Buffer>();
const eventContextBytes = (userId: string): Buffer => {
  let context = eventContexts.get(userId);
  if (context === undefined) {
    if (eventContexts.size >= 10_000) eventContexts.clear();
    eventContexts.set(userId, (context = Buffer.from(eventContext(userId), 'utf8')));
  }
  return context;
};

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
        events: append.events.map((event) => ({
          ...event,
          data:
            dataKey.state === 'erased'
              ? this.eraseAll(event)
              : this.sealEvent(event, subject, this.keyObject(dataKey.key), iv),
        })),
      });
    }
    return { appends: encoded, newKeys, usedKeys };
  }

  private keyObject(key: Buffer): KeyObject {
    let keyObject = this.keyObjects.get(key);
    if (!keyObject) this.keyObjects.set(key, (keyObject = createSecretKey(key)));
    return keyObject;
  }

  /** The event's data with its personal strings replaced by v2 slots, all of them sealed in one envelope. */
  private sealEvent(event: NewEvent, subject: string, key: KeyObject, iv: () => Buffer): unknown {
    const values: string[] = [];
    let carrier: EventSlot | undefined;
    const data = this.policy.mapPersonalData(event.type, event.data, (value) => {
      // Keys in sorted order (what the event hash's canonical JSON writes without a copy); the carrier's
      // "c" is set once every value is known.
      const slot: EventSlot = carrier
        ? { $pii: 'v2', i: values.length, k: subject }
        : { $pii: 'v2', c: '', i: 0, k: subject };
      values.push(value);
      carrier ??= slot;
      return slot;
    });
    if (carrier) {
      carrier.c = seal(key, JSON.stringify(values), eventContextBytes(subject), iv()).toString('base64');
    }
    return data;
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
      open(this.keyObject(key), Buffer.from(carrier.c!, 'base64'), eventContextBytes(carrier.k)).toString('utf8'),
    ) as string[];
  }

  forgetKeys(userIds: Iterable<string>): void {
    for (const userId of userIds) this.keys.forget(userId);
  }

  storeKeys(newKeys: ReadonlyMap<string, Buffer>, db: Queryable): Promise<string[]> {
    return this.keys.store(newKeys, db);
  }

  async decode(events: StoredEvent[], db: Queryable): Promise<StoredEvent[]> {
    const subjects = new Set<string>();
    for (const event of events) for (const envelope of envelopesIn(event.data)) subjects.add(envelope.k);
    if (subjects.size === 0) return events;
    const keys = await this.keys.lookup(subjects, db);
    const openField = (envelope: FieldEnvelope): string => {
      const key = keys.get(envelope.k);
      if (!key) return this.policy.erased;
      return open(key, Buffer.from(envelope.c, 'base64'), fieldContext(envelope.k)).toString('utf8');
    };
    return events.map((event) => {
      // The v2 slots of this event: their values come from the one envelope that carries the ciphertext.
      let sealed: string[] | null | undefined;
      const openSlot = (slot: EventSlot): string => {
        if (sealed === undefined) sealed = this.openEvent(event, keys);
        return sealed === null ? this.policy.erased : (sealed[slot.i] ?? this.policy.erased);
      };
      const openOne = (envelope: Envelope): string =>
        envelope.$pii === 'v1' ? openField(envelope) : openSlot(envelope);
      return { ...event, data: openAll(event.data, openOne) };
    });
  }
}
