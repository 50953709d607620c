import type { CollectionRow } from '@stride/domain/contracts/collections';
import type { Queryable } from '@stride/platform/postgres/pool';
import { COLLECTION_JSON } from './collection-json';

export async function listCollections(db: Queryable, userId: string): Promise<CollectionRow[]> {
  const { rows } = await db.query<{ collection: CollectionRow }>(
    `SELECT ${COLLECTION_JSON} AS collection FROM collections co WHERE co.user_id = $1 ORDER BY co.created_at, co.id`,
    [userId],
  );
  return rows.map((row) => row.collection);
}
