import { PassThrough } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, IDEMPOTENCY_KEY_HEADER } from '@stride/domain/contracts/common';
import {
  draftBodySchema,
  draftResponseSchema,
  regenerateStepBodySchema,
  regenerateStepResponseSchema,
  saveDraftBodySchema,
  saveDraftResponseSchema,
  type DraftResponse,
  type DraftStreamLine,
} from '@stride/domain/contracts/breakdowns';
import { isDomainError } from '@stride/domain/shared/domain-error';
import * as draftBreakdown from '@stride/application/commands/goals/draft-breakdown';
import * as saveBreakdownDraft from '@stride/application/commands/goals/save-breakdown-draft';
import { draftStepOf } from '@stride/application/ai/breakdown-draft/draft-steps';
import { regenerateStep, regenerateStepInputSchema } from '@stride/application/ai/breakdown-draft/regenerate-step';
import { getTasks } from '@stride/projections/goals/queries/get-tasks';
import { requireUser } from '../../auth/auth-user';
import { commandContextOf } from '../../http/command-context';
import { requiredPosition } from '../../http/caller';
import { statusOfDomainCode } from '../../http/error-handler';
import { runCommand } from '../../http/run-command';

const goalParams = z.object({ goalId: idSchema });
const NDJSON = 'application/x-ndjson';

const draftInputOf = (goalId: string, body: z.infer<typeof draftBodySchema>): draftBreakdown.DraftBreakdownInput => ({
  goalId,
  granularity: body.granularity,
  easiestFirst: body.easiest_first,
  variant: body.variant,
  availableMinutesPerWeek: body.available_minutes_per_week ?? null,
});

const draftResponseOf = (result: draftBreakdown.DraftBreakdownResult): DraftResponse => ({
  goal_id: result.goalId,
  steps: result.steps,
  source: result.source,
  estimate_note: result.estimateNote,
  overload: result.overload,
  variant: result.variant,
  ai_generations_this_month: result.aiGenerationsThisMonth,
  position: requiredPosition(result.position),
});

const wantsStream = (request: FastifyRequest): boolean =>
  (request.headers.accept ?? '').includes(NDJSON) && request.headers[IDEMPOTENCY_KEY_HEADER] === undefined;

/**
 * The draft streamed as NDJSON (contracts/breakdowns.ts draftStreamLineSchema). Nothing is written before
 * the first step, so a refusal before any (limit reached, goal not found) is an ordinary error response.
 */
async function streamDraft(request: FastifyRequest, input: draftBreakdown.DraftBreakdownInput): Promise<PassThrough> {
  const out = new PassThrough();
  const write = (line: DraftStreamLine) => out.write(`${JSON.stringify(line)}\n`);
  let started: (value: 'started') => void = () => undefined;
  const firstLine = new Promise<'started'>((resolve) => {
    started = resolve;
  });
  const run = draftBreakdown.draftBreakdown(request.server.services, commandContextOf(request), input, {
    onStep: (step, index) => {
      write({ type: 'step', index, step: draftStepOf(step) });
      started('started');
    },
    onRestart: () => write({ type: 'restart' }),
  });
  // Before any step: errors take the ordinary path (status, message, details).
  await Promise.race([firstLine, run]);
  run.then(
    (result) => {
      write({ type: 'draft', draft: draftResponseOf(result) });
      out.end();
    },
    (error: unknown) => {
      request.log.warn({ err: error }, 'breakdown draft failed while streaming');
      const status = isDomainError(error) ? statusOfDomainCode[error.code] : 500;
      write({
        type: 'error',
        status,
        error: isDomainError(error) ? error.message : 'The breakdown failed',
        ...(isDomainError(error) && { code: error.code }),
      });
      out.end();
    },
  );
  return out;
}

/**
 * Breakdown drafts (issue 14): /api/goals/:goalId/breakdown/draft makes a draft (counts 1 AI generation,
 * saves nothing), .../draft/regenerate-step replaces one step (free), .../draft/save stores the reviewed
 * steps as tasks (free). docs/decisions.md, "AI breakdowns: drafts, sub-steps and the AI counter".
 */
const draftRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  app.post(
    '/:goalId/breakdown/draft',
    { schema: { params: goalParams, body: draftBodySchema.prefault({}), response: { 200: draftResponseSchema } } },
    async (request, reply) => {
      const input = draftInputOf(request.params.goalId, request.body);
      if (wantsStream(request)) {
        const stream = await streamDraft(request, input);
        // A stream is sent as it is (Fastify serializes no stream); each line follows draftStreamLineSchema.
        return reply.type(NDJSON).send(stream as unknown as DraftResponse);
      }
      return runCommand(request, reply, {
        command: draftBreakdown,
        input,
        respond: async (result) => draftResponseOf(result),
      });
    },
  );

  app.post(
    '/:goalId/breakdown/draft/regenerate-step',
    { schema: { params: goalParams, body: regenerateStepBodySchema, response: { 200: regenerateStepResponseSchema } } },
    async (request) => {
      const { easiest_first, steps, ...rest } = request.body;
      const result = await regenerateStep(
        services,
        requireUser(request).id,
        regenerateStepInputSchema.parse({ ...rest, easiestFirst: easiest_first, steps, goalId: request.params.goalId }),
      );
      return { step: result.step, source: result.source, ai_generations_this_month: result.aiGenerationsThisMonth };
    },
  );

  app.post(
    '/:goalId/breakdown/draft/save',
    { schema: { params: goalParams, body: saveDraftBodySchema, response: { 200: saveDraftResponseSchema } } },
    (request, reply) =>
      runCommand(request, reply, {
        command: saveBreakdownDraft,
        input: { goalId: request.params.goalId, steps: request.body.steps, source: request.body.source },
        respond: async ({ goalId, taskIds, position }) => {
          const tasks = await getTasks(services.pool, requireUser(request).id, goalId, taskIds);
          return { tasks, added: tasks.length, position: requiredPosition(position) };
        },
      }),
  );
};

export default draftRoutes;
