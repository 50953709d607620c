import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import * as eraseUser from '@stride/application/commands/users/erase-user';
import { requiredPosition } from '../../http/caller';
import { runCommand } from '../../http/run-command';

/** The answer to an erasure: where it is in the log, and how many Stripe customers were deleted. */
export const erasureResponseSchema = z.object({
  erased: z.literal(true),
  position: z.string(),
  stripeCustomersToDelete: z.number().int(),
});

/** Runs an erasure (the user's own "Delete my account", or an admin's) with Idempotency-Key semantics. */
export const runErasure = (
  request: FastifyRequest,
  reply: FastifyReply,
  input: { userId: string; by: 'user' | 'admin' },
): Promise<z.infer<typeof erasureResponseSchema>> =>
  runCommand(request, reply, {
    command: eraseUser,
    input,
    // The read models drop the user's rows in the erasure's own transaction (inline): nothing to wait for.
    respond: async ({ position, stripeCustomersToDelete }) => ({
      erased: true as const,
      position: requiredPosition(position),
      stripeCustomersToDelete,
    }),
  });
