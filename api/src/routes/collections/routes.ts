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
import * as addGoalToCollection from '@stride/application/commands/collections/add-goal-to-collection';
import type { CollectionResult } from '@stride/application/commands/collections/collection-stream';
import * as createCollection from '@stride/application/commands/collections/create-collection';
import * as deleteCollection from '@stride/application/commands/collections/delete-collection';
import * as removeGoalFromCollection from '@stride/application/commands/collections/remove-goal-from-collection';
import * as renameCollection from '@stride/application/commands/collections/rename-collection';
import { newId } from '@stride/application/commands/ids';
import { positionString } from '../../http/caller';
import { minPositionOf } from '../../http/read-your-writes';
import { runCommand } from '../../http/run-command';

const collectionParams = z.object({ id: idSchema });
const minPositionQuery = z.object({ minPosition: positionSchema.optional() });

/** Collections read the collections projection and, for goal_ids, the goals projection (deleted goals). */

const collectionNotFound = () => new DomainError('not_found', 'Collection not found');

/** /api/collections (domain/src/contracts/collections.ts). */
const collectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  /** `{ collection, position }` after a command (collection null once deleted). */
  const mutationResponse = async (request: FastifyRequest, { collectionId, position }: CollectionResult) => {
    const collection = await getCollection(services.pool, requireUser(request).id, collectionId);
    return { collection, position: positionString(position) };
  };

  app.get(
    '/',
    { schema: { querystring: minPositionQuery, response: { 200: z.array(collectionRowSchema) } } },
    async (request) => {
      minPositionOf(request); // checked (400 if malformed); reads never wait
      return listCollections(services.pool, requireUser(request).id);
    },
  );

  app.get(
    '/:id',
    { schema: { params: collectionParams, querystring: minPositionQuery, response: { 200: collectionRowSchema } } },
    async (request) => {
      minPositionOf(request); // checked (400 if malformed); reads never wait
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
        command: createCollection,
        input: {
          collectionId: request.body.id ?? newId(),
          name: request.body.name,
          description: request.body.description ?? null,
          color: request.body.color ?? null,
        },
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
        command: renameCollection,
        input: { collectionId: request.params.id, name: request.body.name },
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
        command: addGoalToCollection,
        input: { collectionId: request.params.id, goalId: request.body.goalId },
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
        command: removeGoalFromCollection,
        input: { collectionId: request.params.id, goalId: request.params.goalId },
        respond: (result) => mutationResponse(request, result),
      }),
  );

  app.delete(
    '/:id',
    { schema: { params: collectionParams, response: { 200: collectionMutationResponseSchema } } },
    (request, reply) =>
      runCommand(request, reply, {
        command: deleteCollection,
        input: { collectionId: request.params.id },
        respond: (result) => mutationResponse(request, result),
      }),
  );
};

export default collectionRoutes;
