import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '@stride/domain/shared/domain-error';
import type { CommandModule } from '@stride/application/commands/command';
import type { IdempotencyClaim } from '@stride/application/commands/idempotency-store';
import { commandContextOf, idempotencyClaimOf } from './command-context';

export interface CommandEndpoint<Input, Result, Body> {
  /** The use case: `import * as createGoal from '@stride/application/commands/goals/create-goal'`. */
  readonly command: CommandModule<Input, Result>;
  /** The command's input (mapped from the request; parsed with the command's own input schema). */
  readonly input: Input;
  /** Builds the response from the command's result (typically waits for the read models, then reads). */
  readonly respond: (result: Result) => Promise<Body>;
  readonly statusCode?: number;
}

/**
 * A command endpoint with Idempotency-Key semantics. Without a key: run, respond. With a key, the first
 * request runs and its result is stored in the same transaction as its events (the key's claim, which
 * commits only if the key was free); the response is stored once sent. A retry (same user, same key, same
 * request) runs too, and loses the claim (or is decided against the first one's events): whatever it failed
 * with, when the key is then found stored, it answers the stored response, or one rebuilt from the stored
 * result (read with the command's own result schema) if the first response was never sent (a crash). So
 * the common request, the first, makes no lookup of its key; a command whose work before its transaction
 * is costly (`beforeTransaction: 'costly'`, an AI model's answer) looks it up first. The command is never
 * applied twice. The same key with a different request is a 400.
 */
export async function runCommand<Input, Result, Body>(
  request: FastifyRequest,
  reply: FastifyReply,
  { command, input, respond, statusCode = 200 }: CommandEndpoint<Input, Result, Body>,
): Promise<Body> {
  const { services } = request.server;
  const claim = idempotencyClaimOf(request);
  const respondTo = (stored: unknown) => respond(command.resultSchema.parse(stored));
  if (claim && command.beforeTransaction === 'costly') {
    const replayed = await replay(request, reply, claim, respondTo, statusCode);
    if (replayed.found) return replayed.body;
  }
  let result: Result;
  try {
    result = await command.run(services, commandContextOf(request, claim), command.inputSchema.parse(input));
  } catch (error) {
    if (!claim) throw error;
    // A retry, or a concurrent duplicate that committed first (this one lost the claim, or was decided
    // against its events).
    const replayed = await replay(request, reply, claim, respondTo, statusCode);
    if (replayed.found) return replayed.body;
    throw error;
  }
  const body = await respond(result);
  if (claim) {
    await services.idempotency.saveResponse(claim, statusCode, body).catch((error: unknown) => {
      request.log.warn({ err: error }, 'could not store the idempotent response; retries will rebuild it');
    });
  }
  void reply.code(statusCode);
  return body;
}

async function replay<Body>(
  request: FastifyRequest,
  reply: FastifyReply,
  claim: IdempotencyClaim,
  respond: (stored: unknown) => Promise<Body>,
  statusCode: number,
): Promise<{ found: true; body: Body } | { found: false }> {
  const { idempotency } = request.server.services;
  const stored = await idempotency.find(claim.userId, claim.key);
  if (!stored) return { found: false };
  if (stored.fingerprint !== claim.fingerprint) {
    throw new DomainError('validation', 'This Idempotency-Key was already used for a different request', {
      field: 'idempotency-key',
    });
  }
  void reply.header('idempotent-replayed', 'true');
  if (stored.response) {
    void reply.code(stored.response.statusCode);
    return { found: true, body: stored.response.body as Body };
  }
  const body = await respond(stored.result);
  await idempotency.saveResponse(claim, statusCode, body);
  void reply.code(statusCode);
  return { found: true, body };
}
