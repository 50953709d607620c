import type { z } from 'zod';
import type { Services } from '../services';
import type { CommandContext } from './command-handler';

/**
 * One use case, one file: `commands/<aggregate>/<command>.ts` exports `inputSchema`, `resultSchema` and
 * `run`, so `import * as createGoal from '.../commands/goals/create-goal'` is a CommandModule. `run` writes
 * through `services.commands` (the one write path) and returns exactly the result the command handler
 * stored with the Idempotency-Key, which `resultSchema` reads back when a retry rebuilds the response.
 */
export interface CommandModule<Input, Result> {
  /** What the command takes; the caller's input is parsed with it before `run`. */
  readonly inputSchema: z.ZodType<Input>;
  /** What the command keeps (ids it chose, its position): everything a response is built from. */
  readonly resultSchema: z.ZodType<Result>;
  readonly run: (services: Services, context: CommandContext, input: Input) => Promise<Result>;
  /**
   * 'costly': `run` does paid or slow work before its transaction (an AI model's answer), so a retry with an
   * Idempotency-Key looks the key up first instead of doing that work again only to lose the key's claim.
   */
  readonly beforeTransaction?: 'costly';
}
