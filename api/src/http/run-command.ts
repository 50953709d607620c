import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { DomainError } from '@stride/domain/shared/domain-error';
import type { CommandContext } from '@stride/application/commands/command-handler';
import { IdempotentReplay, type IdempotencyClaim } from '@stride/application/commands/idempotency-store';
import { commandContextOf, idempotencyClaimOf } from './command-context';

export interface RunCommandOptions<Result, Body> {
  /** Runs the command (through services.commands); its result is what a retry replays from. */
  readonly execute: (context: CommandContext) => Promise<Result>;
  /** The shape of the stored result, to read it back on a retry. */
  readonly resultSchema: z.ZodType<Result>;
  /** Builds the response from the result (typically waits for the read models, then reads). */
  readonly respond: (result: Result) => Promise<Body>;
  readonly statusCode?: number;
}

/**
 * A command endpoint with Idempotency-Key semantics. Without a key: execute, respond. With a key, the
 * first request executes and its result is stored in the same transaction as its events; the response is
 * stored once sent. A retry (same user, same key, same request) gets the stored response, or one rebuilt
 * from the stored result if the first response was never sent; the command is never applied twice, even
 * when both requests arrive at once. The same key with a different request is a 400.
 */
export async function runCommand<Result, Body>(
  request: FastifyRequest,
  reply: FastifyReply,
  { execute, resultSchema, respond, statusCode = 200 }: RunCommandOptions<Result, Body>,
): Promise<Body> {
  const claim = idempotencyClaimOf(request);
  const { idempotency } = request.server.services;
  if (claim) {
    const replayed = await replay(request, reply, claim, resultSchema, respond, statusCode);
    if (replayed.found) return replayed.body;
  }
  let result: Result;
  try {
    result = await execute(commandContextOf(request, claim));
  } catch (error) {
    if (!(error instanceof IdempotentReplay) || !claim) throw error;
    const replayed = await replay(request, reply, claim, resultSchema, respond, statusCode);
    if (replayed.found) return replayed.body;
    throw error;
  }
  const body = await respond(result);
  if (claim) {
    await idempotency.saveResponse(claim, statusCode, body).catch((error: unknown) => {
      request.log.warn({ err: error }, 'could not store the idempotent response; retries will rebuild it');
    });
  }
  void reply.code(statusCode);
  return body;
}

async function replay<Result, Body>(
  request: FastifyRequest,
  reply: FastifyReply,
  claim: IdempotencyClaim,
  resultSchema: z.ZodType<Result>,
  respond: (result: Result) => Promise<Body>,
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
  const body = await respond(resultSchema.parse(stored.result));
  await idempotency.saveResponse(claim, statusCode, body);
  void reply.code(statusCode);
  return { found: true, body };
}
