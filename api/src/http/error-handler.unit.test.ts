import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError } from '@stride/domain/shared/domain-error';
import { ExpectedVersionConflictError } from '@stride/platform/event-store/errors';
import { errorHandler } from './error-handler';

const answerTo = async (error: unknown) => {
  const app = Fastify({ logger: false });
  app.setErrorHandler(errorHandler);
  app.get('/', async () => {
    throw error;
  });
  const response = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return { status: response.statusCode, body: response.json() };
};

describe('error handler', () => {
  it('maps each DomainError code to its status with its details', async () => {
    const cases = [
      ['validation', 400],
      ['unauthorized', 401],
      ['account_deleted', 401],
      ['forbidden', 403],
      ['plan_required', 403],
      ['limit_reached', 403],
      ['not_found', 404],
      ['illegal_state', 409],
      ['version_conflict', 409],
    ] as const;
    for (const [code, status] of cases) {
      const answer = await answerTo(new DomainError(code, `${code} happened`, { field: 'x' }));
      expect(answer).toEqual({ status, body: { error: `${code} happened`, code, details: { field: 'x' } } });
    }
  });

  it('turns zod errors into 400 with the failing field', async () => {
    const result = z.object({ a: z.object({ b: z.number() }) }).safeParse({ a: { b: 'x' } });
    const answer = await answerTo(result.error);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'validation', details: { field: 'a.b' } });
  });

  it('answers store conflicts with 409 and anything unexpected with a bare 500', async () => {
    expect((await answerTo(new ExpectedVersionConflictError('goal-1', 3, 4))).status).toBe(409);
    expect(await answerTo(new Error('connection string postgres://secret'))).toEqual({
      status: 500,
      body: { error: 'Internal server error' },
    });
  });
});
