import { bundleNodeArgs, buildServer, type serverEntryPoints } from '../../scripts/build-server.mjs';

/** The processes a deployment runs, as scripts/build-server.mjs builds them into dist/. */
export type ServerBundle = keyof typeof serverEntryPoints;

/**
 * node's arguments that run a server bundle as `npm start` (main), `start:api` (api) and `start:workers`
 * (workers) do. The tests' global set-up builds the bundles once (`buildServerBundles`).
 */
export const serverBundleArgs = (bundle: ServerBundle): string[] => bundleNodeArgs(bundle);

export const buildServerBundles = (): Promise<void> => buildServer();
