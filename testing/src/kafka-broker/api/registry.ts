/**
 * The APIs served by the test broker, each at the single version kafkajs 2.2.x negotiates
 * (its highest implemented version), plus ApiVersions v0-v2.
 */
import type { ApiVersionRange } from './api-versions';
import { createApiVersionsHandler } from './api-versions';
import { createTopicsHandler } from './create-topics';
import { fetchHandler } from './fetch';
import { findCoordinatorHandler } from './find-coordinator';
import type { ApiHandler } from './handler';
import { heartbeatHandler } from './heartbeat';
import { initProducerIdHandler } from './init-producer-id';
import { joinGroupHandler } from './join-group';
import { leaveGroupHandler } from './leave-group';
import { listOffsetsHandler } from './list-offsets';
import { metadataHandler } from './metadata';
import { offsetCommitHandler } from './offset-commit';
import { offsetFetchHandler } from './offset-fetch';
import { produceHandler } from './produce';
import { syncGroupHandler } from './sync-group';

const dataApis: readonly ApiHandler[] = [
  produceHandler,
  fetchHandler,
  listOffsetsHandler,
  metadataHandler,
  offsetCommitHandler,
  offsetFetchHandler,
  findCoordinatorHandler,
  joinGroupHandler,
  heartbeatHandler,
  leaveGroupHandler,
  syncGroupHandler,
  createTopicsHandler,
  initProducerIdHandler,
];

const apiVersionsHandler = createApiVersionsHandler(dataApis);

export const apiHandlers: ReadonlyMap<number, ApiHandler> = new Map(
  [...dataApis, apiVersionsHandler].map((handler) => [handler.apiKey, handler]),
);

/** What ApiVersions advertises. */
export const servedApiVersions: readonly ApiVersionRange[] = [...apiHandlers.values()];
