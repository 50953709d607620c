import type { Queryable } from '../postgres/pool';
import type { EncodedAppends, EventCodec, StoredEvent, StreamAppend } from '../event-store/types';
import { open, seal } from './aes-gcm';
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

/** A personal field as stored: `{"$pii": "v1", "k": user id, "c": base64(iv | tag | ciphertext)}`. */
interface Envelope {
  readonly $pii: 'v1';
  readonly k: string;
  readonly c: string;
}

const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === 'object' && value !== null && (value as { $pii?: unknown }).$pii === 'v1';

const fieldContext = (userId: string) => `stride-pii:${userId}`;

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
  constructor(
    private readonly keys: UserKeyStore,
    private readonly policy: PersonalDataPolicy,
  ) {}

  async encode(appends: readonly StreamAppend[], actorUserId: string, db: Queryable): Promise<EncodedAppends> {
    const newKeys = new Map<string, Buffer>();
    const encoded: StreamAppend[] = [];
    // One key per subject for the whole call: a user's first append may touch several streams (a goal and
    // its usage), and every one of them must be encrypted with the one key that gets stored.
    const keysOfCall = new Map<string, DataKey>();
    for (const append of appends) {
      const subject = this.policy.subjectOf(append.streamId, actorUserId);
      const dataKey = keysOfCall.get(subject) ?? (await this.keys.keyFor(subject, db));
      keysOfCall.set(subject, dataKey);
      if (dataKey.state === 'new') newKeys.set(subject, dataKey.wrapped);
      const protect = (value: string): unknown =>
        dataKey.state === 'erased'
          ? this.policy.erased
          : ({
              $pii: 'v1',
              k: subject,
              c: seal(dataKey.key, Buffer.from(value, 'utf8'), fieldContext(subject)).toString('base64'),
            } satisfies Envelope);
      encoded.push({
        ...append,
        events: append.events.map((event) => ({
          ...event,
          data: this.policy.mapPersonalData(event.type, event.data, protect),
        })),
      });
    }
    return { appends: encoded, newKeys };
  }

  storeKeys(newKeys: ReadonlyMap<string, Buffer>, db: Queryable): Promise<string[]> {
    return this.keys.store(newKeys, db);
  }

  async decode(events: StoredEvent[], db: Queryable): Promise<StoredEvent[]> {
    const subjects = new Set<string>();
    for (const event of events) for (const envelope of envelopesIn(event.data)) subjects.add(envelope.k);
    if (subjects.size === 0) return events;
    const keys = await this.keys.lookup(subjects, db);
    const openOne = (envelope: Envelope): string => {
      const key = keys.get(envelope.k);
      if (!key) return this.policy.erased;
      return open(key, Buffer.from(envelope.c, 'base64'), fieldContext(envelope.k)).toString('utf8');
    };
    return events.map((event) => ({ ...event, data: openAll(event.data, openOne) }));
  }
}
