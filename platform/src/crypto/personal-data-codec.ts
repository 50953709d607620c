import type { Queryable } from '../postgres/pool';
import type {
  EncodedAppends,
  EventCodec,
  NewEvent,
  SealedLookup,
  StoredEvent,
  StreamAppend,
} from '../event-store/types';
import { createSecretKey, type KeyObject } from 'node:crypto';
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
 * Format v3 (migration 0098): the seal kept out of the data. Every personal field is `{"$pii": "v3", "i": n}`;
 * the sealed bytes go to the event's own column (`events.sealed`, the store's NewEvent.sealed), as
 * `header | iv | tag | ciphertext` of a JSON array of personal strings (field `i` is string n), where header =
 * 3 | subject length (2 bytes) | subject (UTF-8), authenticated as the seal's context. Binary in a bytea
 * column: no base64, no JSON for PostgreSQL to parse, and the data stays small.
 *
 * Shared seals (no migration: the column holds what the codec writes). Events appended to a stream in one call
 * share one seal, up to SEAL_GROUP_EVENTS of them: a seal costs Node about 10 µs whatever its size, which
 * sealed per event was most of a batch's encryption. The group's first event with personal strings carries
 * the seal of all the group's strings (every event's `i`s index that one array); each other event of the
 * group holds a reference in its column instead: 4 | distance (4 bytes), its seal is on the event that many
 * versions before it in its stream (an append's events take consecutive versions, in order). Events written
 * before hold their own seal and read as they always did.
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
const SEAL_REFERENCE = 4;
const REFERENCE_BYTES = 5;

/** At most this many events share a seal, and their strings at most SEAL_GROUP_CHARS: a read of one opens it all. */
const SEAL_GROUP_EVENTS = 128;
const SEAL_GROUP_CHARS = 64 * 1024;

/** `4 | distance`, made once per distance (a group spans fewer than SEAL_GROUP_EVENTS): never written to after. */
const sealReferences: readonly Buffer[] = Array.from({ length: SEAL_GROUP_EVENTS }, (_, distance) => {
  const bytes = Buffer.alloc(REFERENCE_BYTES);
  bytes[0] = SEAL_REFERENCE;
  bytes.writeUInt32BE(distance, 1);
  return bytes;
});

/**
 * The slot of personal string `i`, one frozen object per place (data is copied, never changed in place, so
 * events may share them): an event's slots cost no allocation. Beyond the first SHARED_SLOTS places, a new one.
 */
const SHARED_SLOTS = 1024;
const columnSlots: readonly ColumnSlot[] = Array.from({ length: SHARED_SLOTS }, (_, i) =>
  Object.freeze({ $pii: 'v3', i } satisfies ColumnSlot),
);
const columnSlot = (i: number): ColumnSlot => columnSlots[i] ?? { $pii: 'v3', i };

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

/** The version of the event holding the seal an event's column refers to (null: the column is a seal). */
const referredVersion = (event: StoredEvent, bytes: Buffer): number | null => {
  if (bytes[0] !== SEAL_REFERENCE) return null;
  if (bytes.length !== REFERENCE_BYTES) throw new Error(`Event ${event.eventId}: a seal reference of the wrong size`);
  return event.streamVersion - bytes.readUInt32BE(1);
};

const eventAt = (streamId: string, streamVersion: number) => `${streamVersion}:${streamId}`;

/**
 * The seal of each event (null: none): its own column's, or the one its column refers to, from the events read
 * or else through `lookup`. Events sharing a seal get the same object (opened once).
 */
async function sealsOf(
  events: readonly StoredEvent[],
  sealed: readonly (Buffer | null)[],
  lookup: SealedLookup | undefined,
): Promise<(SplitSealed | null)[]> {
  const own = new Map<string, SplitSealed>();
  const referred: Array<readonly [index: number, at: string]> = [];
  const missing = new Map<string, { readonly streamId: string; readonly streamVersion: number }>();
  const seals: (SplitSealed | null)[] = events.map((event, index) => {
    const bytes = sealed[index];
    if (!bytes) return null;
    const version = referredVersion(event, bytes);
    if (version !== null) {
      const at = eventAt(event.streamId, version);
      referred.push([index, at]);
      missing.set(at, { streamId: event.streamId, streamVersion: version });
      return null;
    }
    const split = splitSealed(bytes);
    own.set(eventAt(event.streamId, event.streamVersion), split);
    return split;
  });
  if (referred.length === 0) return seals;
  for (const at of own.keys()) missing.delete(at);
  if (missing.size > 0) {
    if (!lookup) throw new Error('Sealed personal data referred to without a way to read it');
    const found = await lookup([...missing.values()]);
    [...missing.keys()].forEach((at, n) => {
      const bytes = found[n];
      if (bytes && bytes[0] === SEALED_FORMAT) own.set(at, splitSealed(bytes));
    });
  }
  for (const [index, at] of referred) {
    const seal = own.get(at);
    if (!seal) throw new Error(`Event ${events[index]!.eventId}: sealed personal fields without their ciphertext`);
    seals[index] = seal;
  }
  return seals;
}

const fieldContext = (userId: string) => `stride-pii:${userId}`;
const eventContext = (userId: string) => `stride-pii-v2:${userId}`;

/** Calls `visit` with every envelope of a value, depth first (a loop, not a generator: it runs per event read). */
const visitEnvelopes = (value: unknown, visit: (envelope: Envelope) => void): void => {
  if (typeof value !== 'object' || value === null) return;
  if (isEnvelope(value)) visit(value);
  else if (Array.isArray(value)) for (const item of value) visitEnvelopes(item, visit);
  else for (const item of Object.values(value)) visitEnvelopes(item, visit);
};

/**
 * The value with every envelope replaced by `open(envelope)`: the value itself where it holds none, else a
 * copy of each array and object on the way to one (the rest shared).
 */
const openAll = (value: unknown, openOne: (envelope: Envelope) => string): unknown => {
  if (typeof value !== 'object' || value === null) return value;
  if (isEnvelope(value)) return openOne(value);
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item: unknown, index) => {
      const opened = openAll(item, openOne);
      if (opened !== item) (copy ??= [...value])[index] = opened;
    });
    return copy ?? value;
  }
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const name of Object.keys(record)) {
    const item = record[name];
    const opened = openAll(item, openOne);
    if (opened === item) continue;
    // The spread copies every key as a key of the copy's own, __proto__ too: the assignment sets that key.
    copy ??= { ...record };
    copy[name] = opened;
  }
  return copy ?? value;
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

  encode(appends: readonly StreamAppend[], actorUserId: string, db: Queryable): Promise<EncodedAppends> {
    // One key per subject for the whole call: a user's first append may touch several streams (a goal and
    // its usage), and every one of them must be encrypted with the one key that gets stored.
    const keysOfCall = new Map<string, DataKey>();
    const subjects = appends.map((append) => this.policy.subjectOf(append.streamId, actorUserId));
    for (const subject of subjects) {
      const cached = this.keys.cachedKeyFor(subject);
      if (cached) keysOfCall.set(subject, cached);
    }
    // Every key cached (the usual case): encoded in this turn, without waiting for a promise per stream.
    if (keysOfCall.size === new Set(subjects).size)
      return Promise.resolve(this.encodeWith(appends, subjects, keysOfCall));
    return this.encodeReadingKeys(appends, subjects, keysOfCall, db);
  }

  private async encodeReadingKeys(
    appends: readonly StreamAppend[],
    subjects: readonly string[],
    keysOfCall: Map<string, DataKey>,
    db: Queryable,
  ): Promise<EncodedAppends> {
    for (const subject of subjects) {
      if (!keysOfCall.has(subject)) keysOfCall.set(subject, await this.keys.keyFor(subject, db));
    }
    return this.encodeWith(appends, subjects, keysOfCall);
  }

  private encodeWith(
    appends: readonly StreamAppend[],
    subjects: readonly string[],
    keysOfCall: ReadonlyMap<string, DataKey>,
  ): EncodedAppends {
    const newKeys = new Map<string, Buffer>();
    const usedKeys = new Set<string>();
    const encoded: StreamAppend[] = [];
    appends.forEach((append, index) => {
      const subject = subjects[index]!;
      const dataKey = keysOfCall.get(subject)!;
      if (dataKey.state === 'new') newKeys.set(subject, dataKey.wrapped);
      if (dataKey.state !== 'erased') usedKeys.add(subject);
      encoded.push({
        ...append,
        events:
          dataKey.state === 'erased'
            ? append.events.map((event) => ({ ...event, data: this.eraseAll(event) }))
            : this.sealEvents(append.events, subject, this.keyObject(dataKey.key)),
      });
    });
    return { appends: encoded, newKeys, usedKeys };
  }

  private keyObject(key: Buffer): KeyObject {
    let keyObject = this.keyObjects.get(key);
    if (!keyObject) this.keyObjects.set(key, (keyObject = createSecretKey(key)));
    return keyObject;
  }

  /**
   * A stream's events with their personal strings replaced by v3 slots, sealed in groups of consecutive
   * events (see format v3): the first event of a group with personal strings carries the group's seal, the
   * others a reference to it.
   */
  private sealEvents(events: readonly NewEvent[], subject: string, key: KeyObject): NewEvent[] {
    const header = sealedHeader(subject);
    const sealedEvents: NewEvent[] = [];
    let values: string[] = [];
    let chars = 0;
    let carrier = -1;
    // One callback for every event of the call: each personal string gets the next place in the group.
    const replace = (value: string): ColumnSlot => {
      chars += value.length;
      return columnSlot(values.push(value) - 1);
    };
    const closeGroup = () => {
      if (carrier < 0) return;
      sealedEvents[carrier] = {
        ...sealedEvents[carrier]!,
        sealed: seal(key, JSON.stringify(values), header, header),
      };
      values = [];
      chars = 0;
      carrier = -1;
    };
    events.forEach((event, index) => {
      if (carrier >= 0 && (index - carrier >= SEAL_GROUP_EVENTS || chars >= SEAL_GROUP_CHARS)) closeGroup();
      const first = values.length;
      const data = this.policy.mapPersonalData(event.type, event.data, replace);
      if (values.length === first) {
        sealedEvents.push(event);
        return;
      }
      // Literals of the event's own fields, not spreads of it: with a spread per event, what encryption costs
      // a 100-event batch in Node nearly doubled (four alternating pairs, Node CPU over chain only: 1.48 to
      // 1.72 against 1.24 to 1.36).
      const { type, schemaVersion, eventId } = event;
      if (carrier < 0) {
        carrier = index;
        sealedEvents.push({ type, data, schemaVersion, eventId });
      } else {
        sealedEvents.push({ type, data, schemaVersion, eventId, sealed: sealReferences[index - carrier]! });
      }
    });
    closeGroup();
    return sealedEvents;
  }

  private eraseAll(event: NewEvent): unknown {
    return this.policy.mapPersonalData(event.type, event.data, () => this.policy.erased);
  }

  /** The personal strings of an event in format v2, or null when its user's key is erased. */
  private openEvent(event: StoredEvent, keys: ReadonlyMap<string, Buffer | null>): string[] | null {
    let carrier: EventSlot | undefined;
    visitEnvelopes(event.data, (envelope) => {
      if (envelope.$pii === 'v2' && envelope.c !== undefined) carrier = envelope;
    });
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

  async decode(
    events: StoredEvent[],
    db: Queryable,
    sealed: readonly (Buffer | null)[] = [],
    lookup?: SealedLookup,
  ): Promise<StoredEvent[]> {
    const subjects = new Set<string>();
    let enveloped = false;
    for (const event of events) {
      visitEnvelopes(event.data, (envelope) => {
        enveloped = true;
        if (envelope.$pii !== 'v3') subjects.add(envelope.k);
      });
    }
    if (!enveloped) return events;
    const seals = await sealsOf(events, sealed, lookup);
    for (const split of seals) if (split) subjects.add(split.subject);
    const keys = subjects.size > 0 ? await this.keys.lookup(subjects, db) : new Map<string, Buffer | null>();
    const openField = (envelope: FieldEnvelope): string => {
      const key = keys.get(envelope.k);
      if (!key) return this.policy.erased;
      return open(key, Buffer.from(envelope.c, 'base64'), fieldContext(envelope.k)).toString('utf8');
    };
    // A seal's strings, opened once for all the events sharing it.
    const opened = new Map<SplitSealed, string[] | null>();
    const openShared = (split: SplitSealed): string[] | null => {
      let strings = opened.get(split);
      if (strings === undefined) opened.set(split, (strings = this.openColumn(split, keys)));
      return strings;
    };
    return events.map((event, index) => {
      // The event's slots take their values from one seal: v2's in the data, v3's in a column.
      let strings: string[] | null | undefined;
      const openSlot = (slot: EventSlot | ColumnSlot): string => {
        if (strings === undefined) {
          const split = seals[index];
          if (slot.$pii === 'v2') strings = this.openEvent(event, keys);
          else if (split) strings = openShared(split);
          else throw new Error(`Event ${event.eventId}: sealed personal fields without their ciphertext`);
        }
        return strings === null ? this.policy.erased : (strings[slot.i] ?? this.policy.erased);
      };
      const openOne = (envelope: Envelope): string =>
        envelope.$pii === 'v1' ? openField(envelope) : openSlot(envelope);
      const data = openAll(event.data, openOne);
      return data === event.data ? event : { ...event, data };
    });
  }
}
