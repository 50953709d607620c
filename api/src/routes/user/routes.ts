import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successResponseSchema } from '@stride/domain/contracts/common';
import {
  changeTimeZoneBodySchema,
  changeTimeZoneResponseSchema,
  ensureUserExistsBodySchema,
  ensureUserExistsResponseSchema,
  serverUserRecordSchema,
  updatePreferencesBodySchema,
  userDataResponseSchema,
  userUsageBypassResponseSchema,
} from '@stride/domain/contracts/users';
import { DomainError } from '@stride/domain/shared/domain-error';
import { getUserPreferences } from '@stride/projections/users/queries/get-user-preferences';
import { getUserRecord } from '@stride/projections/users/queries/get-user-record';
import { requireUser } from '../../auth/auth-user';
import { exportUserData, USER_DATA_EXPORT_FORMAT } from '@stride/application/privacy/export-user-data';
import { loadUsage } from '@stride/application/commands/usage/usage-snapshot';
import * as changeTimeZone from '@stride/application/commands/users/change-time-zone';
import * as completeOnboarding from '@stride/application/commands/users/complete-onboarding';
import * as registerUser from '@stride/application/commands/users/register-user';
import * as updatePreferences from '@stride/application/commands/users/update-preferences';
import { positionString, requiredPosition } from '../../http/caller';
import { minPositionOf } from '../../http/read-your-writes';
import { runCommand } from '../../http/run-command';
import { erasureResponseSchema, runErasure } from './erasure';
import { toServerUserRecord } from './server-user-record';

const exportResponseSchema = z.object({
  format: z.literal(USER_DATA_EXPORT_FORMAT),
  userId: z.string(),
  exportedAt: z.string(),
  events: z.array(z.unknown()),
  readModels: z.record(z.string(), z.array(z.unknown())),
});
const notFound = () => new DomainError('not_found', 'User not found');

/** /api/user: the caller's own record, preferences and onboarding (spec section 7). */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  const readRecord = async (request: FastifyRequest) => {
    const caller = requireUser(request);
    const row = await getUserRecord(services.pool, caller.id);
    return row ? toServerUserRecord(row, { now: services.clock(), isAdmin: caller.isAdmin }) : null;
  };

  app.post(
    '/ensure-user-exists',
    { schema: { body: ensureUserExistsBodySchema, response: { 200: ensureUserExistsResponseSchema } } },
    async (request, reply) => {
      const caller = requireUser(request);
      // Identity comes from the verified token only: the body's email and name are never trusted.
      const { email, name } = caller;
      if (!email) {
        throw new DomainError(
          'validation',
          'The session token carries no email: add "email" to the session token template (see the README)',
          { field: 'email' },
        );
      }
      return runCommand(request, reply, {
        command: registerUser,
        input: {
          email,
          name,
          attribution: request.body.attribution ?? null,
          browserTimeZone: request.body.timeZone ?? null,
        },
        respond: async ({ created, position }) => {
          const user = await readRecord(request);
          if (!user) throw notFound();
          return { created, user, position: requiredPosition(position) };
        },
      });
    },
  );

  app.get('/get-user-data-simple', { schema: { response: { 200: serverUserRecordSchema } } }, async (request) => {
    minPositionOf(request); // checked (400 if malformed); reads never wait
    const user = await readRecord(request);
    if (!user) throw notFound();
    return user;
  });

  /** "Bypass": the counters straight from the usage stream, past any read-model lag. */
  app.get(
    '/get-user-data-bypass',
    { schema: { response: { 200: userUsageBypassResponseSchema } } },
    async (request) => {
      const usage = await loadUsage(services, requireUser(request).id);
      return { goals_this_month: usage.goalsThisMonth, ai_generations_this_month: usage.aiGenerationsThisMonth };
    },
  );

  app.get('/get-user-data', { schema: { response: { 200: userDataResponseSchema } } }, async (request) => {
    minPositionOf(request); // checked (400 if malformed); reads never wait
    const data = await getUserPreferences(services.pool, requireUser(request).id);
    if (!data) throw notFound();
    return data;
  });

  /** "Download my data": every event and read-model row of the caller, as a JSON attachment. */
  app.get('/export-my-data', { schema: { response: { 200: exportResponseSchema } } }, async (request, reply) => {
    const caller = requireUser(request);
    const data = await exportUserData(services, caller.id);
    const day = data.exportedAt.slice(0, 10);
    void reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="stride-my-data-${day}.json"`);
    return data;
  });

  /** "Delete my account": erases the caller (their data key, their read-model rows, their Stripe customer). */
  app.post('/delete-my-account', { schema: { response: { 200: erasureResponseSchema } } }, (request, reply) =>
    runErasure(request, reply, { userId: requireUser(request).id, by: 'user' }),
  );

  app.post(
    '/update-preferences-simple',
    { schema: { body: updatePreferencesBodySchema, response: { 200: successResponseSchema } } },
    (request, reply) =>
      runCommand(request, reply, {
        command: updatePreferences,
        input: { preferences: request.body.preferences },
        respond: async ({ position }) => ({ success: true as const, ...optionalPosition(position) }),
      }),
  );

  /** The profile's time zone choice (always recorded, unlike the browser's zone at sign-in). */
  app.post(
    '/time-zone',
    { schema: { body: changeTimeZoneBodySchema, response: { 200: changeTimeZoneResponseSchema } } },
    (request, reply) =>
      runCommand(request, reply, {
        command: changeTimeZone,
        input: { timeZone: request.body.timeZone, source: 'profile' as const },
        respond: async ({ position }) => {
          const user = await readRecord(request);
          if (!user) throw notFound();
          return { time_zone: user.time_zone, position: requiredPosition(position) };
        },
      }),
  );

  app.post('/complete-onboarding', { schema: { response: { 200: successResponseSchema } } }, (request, reply) =>
    runCommand(request, reply, {
      command: completeOnboarding,
      input: {},
      respond: async ({ position }) => ({ success: true as const, ...optionalPosition(position) }),
    }),
  );
};

const optionalPosition = (position: number | null) => {
  const value = positionString(position);
  return value === null ? {} : { position: value };
};

export default userRoutes;
