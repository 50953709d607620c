import type { AppServices } from '../services/app-services';
import type { Role } from './start-stride';

export interface AttachedExtensions {
  stop(): Promise<void>;
}

/**
 * Adds the services beyond the core (billing, AI, analytics pipeline) to AppServices, and starts what
 * runs in this process: in 'all-in-one' the bus consumers and jobs run here; in 'api' only the parts the
 * API itself needs (producing tracked events, billing calls).
 */
export async function attachExtensions(services: AppServices, options: { role: Role }): Promise<AttachedExtensions> {
  const stops: Array<() => Promise<void>> = [];
  void services;
  void options;
  return {
    async stop() {
      for (const stop of stops.reverse()) await stop();
    },
  };
}
