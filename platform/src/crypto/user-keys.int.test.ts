import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseFactories, type TestDatabase } from '@stride/testing/postgres';
import type { Queryable } from '../postgres/pool';
import { UserKeyStore } from './user-keys';

/**
 * Two processes' key stores over one database: `here` caches, `elsewhere` erases. What `here` may keep
 * depends on whether it hears the other's erasures (`hearsErasures`, the composition root's listener).
 */
describe.each(['postgres', 'pglite'] as const)('user key store on %s', (kind) => {
  let db: TestDatabase;
  const masterKey = randomBytes(32);

  beforeAll(async () => {
    db = await testDatabaseFactories[kind]();
  });
  afterAll(async () => db?.drop());

  /** A new user whose key `keys` made and stored. */
  const givenAStoredKey = async (keys: UserKeyStore) => {
    const user = `u-${randomUUID()}`;
    const key = await keys.keyFor(user, db.pool);
    if (key.state !== 'new') throw new Error('expected a new key');
    await keys.store(new Map([[user, key.wrapped]]), db.pool);
    return { user, key: key.key };
  };

  /** A user with a stored key, and `here` having read it once. */
  const givenAUserWhoseKeyWasRead = async (here: UserKeyStore) => {
    const { user, key } = await givenAStoredKey(here);
    expect((await here.lookup([user], db.pool)).get(user)).toEqual(key);
    expect(await here.isErased(user, db.pool)).toBe(false);
    return { user, key };
  };

  it('while erasures are heard, a key read is kept (an erasure then arrives as `forget`)', async () => {
    const here = new UserKeyStore(masterKey, { hearsErasures: () => true });
    const elsewhere = new UserKeyStore(masterKey);
    const { user, key } = await givenAUserWhoseKeyWasRead(here);

    await elsewhere.erase(user, db.pool);

    // Not heard yet: the kept key and "not erased" still answer; once heard, the erasure counts.
    expect((await here.lookup([user], db.pool)).get(user)).toEqual(key);
    expect(await here.isErased(user, db.pool)).toBe(false);
    here.forget(user);
    expect((await here.lookup([user], db.pool)).get(user)).toBeNull();
    expect(await here.isErased(user, db.pool)).toBe(true);
  });

  it("while erasures cannot be heard, nothing says a user is not erased: another process's erasure counts at the next use", async () => {
    let listening = true;
    const here = new UserKeyStore(masterKey, { hearsErasures: () => listening });
    const elsewhere = new UserKeyStore(masterKey);
    const { user } = await givenAUserWhoseKeyWasRead(here);

    listening = false;
    // Read again while not listening (kept reads must not outlive the gap either).
    expect(await here.isErased(user, db.pool)).toBe(false);
    await elsewhere.erase(user, db.pool);

    expect((await here.lookup([user], db.pool)).get(user)).toBeNull();
    expect(await here.isErased(user, db.pool)).toBe(true);
    expect(await here.keyFor(user, db.pool)).toEqual({ state: 'erased' });

    // An erasure is final: listening again, it is still known without asking.
    listening = true;
    const unreachable: Queryable = {
      query: () => Promise.reject(new Error('the erasure should have been kept')),
    } as unknown as Queryable;
    expect(await here.isErased(user, unreachable)).toBe(true);
  });

  it('a key read while not listening is not kept once listening again (an erasure in the gap was not heard)', async () => {
    let listening = false;
    const here = new UserKeyStore(masterKey, { hearsErasures: () => listening });
    const elsewhere = new UserKeyStore(masterKey);
    const { user } = await givenAUserWhoseKeyWasRead(here);

    await elsewhere.erase(user, db.pool);
    listening = true;

    expect((await here.lookup([user], db.pool)).get(user)).toBeNull();
    expect(await here.isErased(user, db.pool)).toBe(true);
  });

  /**
   * A user whose key another process stored, and a database whose answers arrive only after that process
   * erased the user and `here` heard of it (the read began before the erasure committed).
   */
  const givenAnErasureHeardWhileReading = async (here: UserKeyStore) => {
    const elsewhere = new UserKeyStore(masterKey);
    const { user, key } = await givenAStoredKey(elsewhere);
    const racing = {
      query: async (text: string, values: unknown[]) => {
        const result = await db.pool.query(text, values);
        await elsewhere.erase(user, db.pool);
        here.forget(user);
        return result;
      },
    } as unknown as Queryable;
    return { user, key, racing };
  };

  it('a read under way when an erasure is heard keeps nothing of the key it read', async () => {
    const here = new UserKeyStore(masterKey, { hearsErasures: () => true });
    const { user, key, racing } = await givenAnErasureHeardWhileReading(here);

    expect((await here.lookup([user], racing)).get(user)).toEqual(key);

    expect((await here.lookup([user], db.pool)).get(user)).toBeNull();
  });

  it('a "not erased" answer under way when an erasure is heard is not kept', async () => {
    const here = new UserKeyStore(masterKey, { hearsErasures: () => true });
    const { user, racing } = await givenAnErasureHeardWhileReading(here);

    expect(await here.isErased(user, racing)).toBe(false);

    expect(await here.isErased(user, db.pool)).toBe(true);
  });
});
