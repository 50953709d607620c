import type { CollectionRow } from '@stride/domain/contracts/collections';
import type { Queryable } from '@stride/platform/postgres/pool';
import { COLLECTION_JSON } from './collection-json';

/** One of the user's collections (null when missing, deleted or someone else's). */
export async function getCollection(
  db: Queryable,
  userId: string,
  collectionId: string,
): Promise<CollectionRow | null> {
  const { rows } = await db.query<{ collection: CollectionRow }>(
    `SELECT ${COLLECTION_JSON} AS collection FROM collections co WHERE co.id = $1 AND co.user_id = $2`,
    [collectionId, userId],
  );
  return rows[0]?.collection ?? null;
}
