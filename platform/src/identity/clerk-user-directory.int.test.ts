import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeClerkServer, type FakeClerkServer } from '@stride/testing/fake-clerk/fake-clerk-server';
import { clerkUserDirectory } from './clerk-user-directory';

/** @clerk/backend's users.deleteUser over HTTP, against a local fake of Clerk's Backend API. */
describe('clerkUserDirectory', () => {
  let clerk: FakeClerkServer;
  beforeAll(async () => {
    clerk = await startFakeClerkServer();
  });
  afterAll(async () => {
    await clerk.close();
  });

  it('is none without a secret key (dev sign-in has no directory)', () => {
    expect(clerkUserDirectory({ CLERK_SECRET_KEY: undefined, CLERK_API_URL: clerk.url })).toBeNull();
  });

  it('deletes a user; deleting one already gone counts as done; a wrong secret key fails', async () => {
    const directory = clerkUserDirectory({ CLERK_SECRET_KEY: clerk.secretKey, CLERK_API_URL: clerk.url })!;
    clerk.setUser({ id: 'user_gone', email: 'gone@example.com' });
    clerk.setUser({ id: 'user_kept', email: 'kept@example.com' });
    await directory.deleteUser('user_gone');
    await directory.deleteUser('user_gone');
    const deletes = clerk.requests.filter((request) => request.method === 'DELETE');
    expect(deletes.map((request) => request.path)).toEqual(['/v1/users/user_gone', '/v1/users/user_gone']);
    expect(deletes[0]!.authorization).toBe(`Bearer ${clerk.secretKey}`);

    const wrongKey = clerkUserDirectory({ CLERK_SECRET_KEY: 'sk_test_wrong', CLERK_API_URL: clerk.url })!;
    await expect(wrongKey.deleteUser('user_kept')).rejects.toMatchObject({ status: 401 });
    // user_kept is still there: a GET of it answers.
    const kept = await fetch(`${clerk.url}/v1/users/user_kept`, {
      headers: { authorization: `Bearer ${clerk.secretKey}` },
    });
    expect(kept.status).toBe(200);
  });
});
