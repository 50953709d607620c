import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '@stride/platform/config';

/** One feature's routes: a Fastify plugin mounted under a prefix (see route-plugins.ts). */
export interface RoutePlugin {
  readonly prefix: string;
  readonly plugin: FastifyPluginAsyncZod;
  /** Mount only when this holds (e.g. dev sign-in only with AUTH_MODE=dev). */
  readonly enabled?: (config: Config) => boolean;
}
