import type { FastifyRequest } from 'fastify';
import { DomainError } from '@stride/domain/shared/domain-error';
import { parseStreamId, type StreamCategory } from '@stride/domain/stream-ids';
import { requireUser } from '../../auth/auth-user';

const USER_SCOPED: readonly StreamCategory[] = ['user', 'usage', 'billing', 'calendar'];

const streamNotFound = () => new DomainError('not_found', 'Stream not found');

/**
 * The owner of a stream: user, usage and billing streams are named after their user; any other stream is
 * owned by the user whose command created it (the event store records it). Unknown streams are a 404.
 */
async function ownerOf(request: FastifyRequest, streamId: string): Promise<string> {
  let parsed: { category: StreamCategory; id: string };
  try {
    parsed = parseStreamId(streamId);
  } catch {
    throw streamNotFound();
  }
  if (USER_SCOPED.includes(parsed.category)) return parsed.id;
  const owner = await request.server.services.eventStore.streamOwner(streamId);
  if (owner === null) throw streamNotFound();
  return owner;
}

/**
 * An audit of a stream is for its owner or an admin. Anyone else is told it does not exist (404), as
 * for goals: existence of other users' data is not revealed.
 */
export async function requireStreamAccess(request: FastifyRequest, streamId: string): Promise<void> {
  const caller = requireUser(request);
  if (caller.isAdmin) return;
  if ((await ownerOf(request, streamId)) !== caller.id) throw streamNotFound();
}
