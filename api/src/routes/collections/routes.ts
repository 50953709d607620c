import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  collectionGoalBodySchema,
  collectionMutationResponseSchema,
  collectionRowSchema,
  createCollectionBodySchema,
  renameCollectionBodySchema,
} from '@stride/domain/contracts/collections';
import { idSchema, positionSchema } from '@stride/domain/contracts/common';
import { DomainError } from '@stride/domain/shared/domain-error';
import { getCollection } from '@stride/projections/collections/queries/get-collection';
import { listCollections } from '@stride/projections/collections/queries/list-collections';
import { requireUser } from '../../auth/auth-user';
import {
  addGoalToCollection,
  runCollectionCommand,
} from '@stride/application/commands/collections/collection-commands';
import { newId } from '@stride/application/commands/ids';
import { positionString } from '../../http/caller';
import { awaitCommand, awaitMinPosition } from '../../http/read-your-writes';
import { runCommand } from '../../http/run-command';

const collectionParams = z.object({ id: idSchema });
const resultSchema = z.object({ collectionId: z.string(), position: z.number().int().nullable() });
type CollectionResult = z.infer<typeof resultSchema>;
const minPositionQuery = z.object({ minPosition: positionSchema.optional() });

/** Collections read the collections projection and, for goal_ids, the goals projection (deleted goals). */
const READ_MODELS = ['collections', 'goals'] as const;

const collectionNotFound = () => new DomainError('not_found', 'Collection not found');

/** /api/collections (domain/src/contracts/collections.ts). */
const collectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  /** `{ collection, position }` after a command (collection null once deleted). */
  const mutationResponse = async (request: FastifyRequest, { collectionId, position }: CollectionResult) => {
    await awaitCommand(request, position, READ_MODELS);
    const collection = await getCollection(services.pool, requireUser(request).id, collectionId);
    return { collection, position: positionString(position) };
  };

  app.get(
    '/',
    { schema: { querystring: minPositionQuery, response: { 200: z.array(collectionRowSchema) } } },
    async (request, reply) => {
      await awaitMinPosition(request, reply, READ_MODELS);
      return listCollections(services.pool, requireUser(request).id);
    },
  );

  app.get(
    '/:id',
    { schema: { params: collectionParams, querystring: minPositionQuery, response: { 200: collectionRowSchema } } },
    async (request, reply) => {
      await awaitMinPosition(request, reply, READ_MODELS);
      const collection = await getCollection(services.pool, requireUser(request).id, request.params.id);
      if (!collection) throw collectionNotFound();
      return collection;
    },
  );

  app.post(
    '/',
    { schema: { body: createCollectionBodySchema, response: { 201: collectionMutationResponseSchema } } },
    (request, reply) =>
      runCommand(request, reply, {
        statusCode: 201,
        execute: (context) => {
          const { id, name, description, color } = request.body;
          const collectionId = id ?? newId();
          return runCollectionCommand(services, context, collectionId, (metadata) => ({
            type: 'CreateCollection',
            data: { collectionId, name, description: description ?? null, color: color ?? null },
            metadata,
          }));
        },
        resultSchema,
        respond: (result) => mutationResponse(request, result),
      }),
  );

  app.patch(
    '/:id',
    {
      schema: {
        params: collectionParams,
        body: renameCollectionBodySchema,
        response: { 200: collectionMutationResponseSchema },
      },
    },
    (request, reply) =>
      runCommand(request, reply, {
        execute: (context) =>
          runCollectionCommand(services, context, request.params.id, (metadata) => ({
            type: 'RenameCollection',
            data: { name: request.body.name },
            metadata,
          })),
        resultSchema,
        respond: (result) => mutationResponse(request, result),
      }),
  );

  app.post(
    '/:id/goals',
    {
      schema: {
        params: collectionParams,
        body: collectionGoalBodySchema,
        response: { 200: collectionMutationResponseSchema },
      },
    },
    (request, reply) =>
      runCommand(request, reply, {
        execute: (context) => addGoalToCollection(services, context, request.params.id, request.body.goalId),
        resultSchema,
        respond: (result) => mutationResponse(request, result),
      }),
  );

  app.delete(
    '/:id/goals/:goalId',
    {
      schema: {
        params: collectionParams.extend({ goalId: idSchema }),
        response: { 200: collectionMutationResponseSchema },
      },
    },
    (request, reply) =>
      runCommand(request, reply, {
        execute: (context) =>
          runCollectionCommand(services, context, request.params.id, (metadata) => ({
            type: 'RemoveGoalFromCollection',
            data: { goalId: request.params.goalId },
            metadata,
          })),
        resultSchema,
        respond: (result) => mutationResponse(request, result),
      }),
  );

  app.delete(
    '/:id',
    { schema: { params: collectionParams, response: { 200: collectionMutationResponseSchema } } },
    (request, reply) =>
      runCommand(request, reply, {
        execute: (context) =>
          runCollectionCommand(services, context, request.params.id, (metadata) => ({
            type: 'DeleteCollection',
            data: {},
            metadata,
          })),
        resultSchema,
        respond: (result) => mutationResponse(request, result),
      }),
  );
};

export default collectionRoutes;
