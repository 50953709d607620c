import { createHash, randomUUID } from 'node:crypto';

/** Server-made ids (clients may also send their own, e.g. for optimistic UI). */
export const newId = (): string => randomUUID();

/** The namespace of per-user ids (a fixed random UUID; changing it would change every derived id). */
const userIdNamespace = 'b6a1f0c4-5d3e-4c2a-9f7e-2d8c1a4b6e90';

/** A namespace's 16 bytes, parsed once per namespace (a process uses one or two). */
const namespaceBytes = new Map<string, Buffer>();
const uuidBytes = (uuid: string): Buffer => {
  let bytes = namespaceBytes.get(uuid);
  if (!bytes) {
    bytes = Buffer.from(uuid.replaceAll('-', ''), 'hex');
    if (namespaceBytes.size >= 100) namespaceBytes.clear();
    namespaceBytes.set(uuid, bytes);
  }
  return bytes;
};

/** RFC 9562 UUIDv5: SHA-1 of namespace and name, with the version and variant bits set. */
export const uuidV5 = (namespace: string, name: string): string => {
  const hash = createHash('sha1').update(uuidBytes(namespace)).update(name, 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  bytes.writeUInt8((bytes.readUInt8(6) & 0x0f) | 0x50, 6);
  bytes.writeUInt8((bytes.readUInt8(8) & 0x3f) | 0x80, 8);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/**
 * The id of a goal or collection a user creates under a client-supplied key (issue 11, defect 9): the same
 * key gives the same id for the same user (a retry finds its own stream), and another user's key (even
 * another user's id) gives another id, so a create never collides with, nor reveals, another user's goal.
 * The user id and the key are joined by a NUL, which neither can contain (storable text refuses it).
 */
export const userScopedId = (userId: string, key: string): string => uuidV5(userIdNamespace, `${userId}\u0000${key}`);
