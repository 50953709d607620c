import type { Logger } from './logger';

/** Runs the steps in order on SIGINT/SIGTERM (once), then exits. A second signal exits at once. */
export function onShutdown(logger: Logger, steps: Array<[name: string, step: () => Promise<unknown>]>): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'shutting down');
    for (const [name, step] of steps) {
      try {
        await step();
      } catch (error) {
        logger.error({ err: error, step: name }, 'shutdown step failed');
      }
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}
