import { createClerkClient } from '@clerk/backend';
import type { Config } from '../config';

/** The sign-in identities of the users (Clerk's users): what an erasure removes there. */
export interface UserDirectory {
  /** Deletes the user's sign-in identity; one the directory no longer has counts as deleted. */
  deleteUser(userId: string): Promise<void>;
}

/** The HTTP status of an error from Clerk's Backend API (@clerk/backend's errors carry it), if any. */
export const clerkStatusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
    ? error.status
    : undefined;

/**
 * Clerk's users through its Backend API (`users.deleteUser`), when CLERK_SECRET_KEY is set; null without it
 * (dev sign-in has no directory: its identities are emails). A Stride user id is the Clerk user id.
 */
export function clerkUserDirectory(config: Pick<Config, 'CLERK_SECRET_KEY' | 'CLERK_API_URL'>): UserDirectory | null {
  if (!config.CLERK_SECRET_KEY) return null;
  const client = createClerkClient({
    secretKey: config.CLERK_SECRET_KEY,
    ...(config.CLERK_API_URL && { apiUrl: config.CLERK_API_URL }),
  });
  return {
    async deleteUser(userId) {
      try {
        await client.users.deleteUser(userId);
      } catch (error) {
        if (clerkStatusOf(error) !== 404) throw error;
      }
    },
  };
}
