import type { z } from 'zod';

/** A domain event as deciders produce it: past-tense type name and data. No ids, no time: the store adds those. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
}

/** Who and when, carried on every command. Deciders never read a clock or the environment. */
export interface CommandMetadata {
  readonly now: Date;
  /** The user on whose behalf the command runs (the authenticated caller or a system actor id). */
  readonly userId: string;
}

export interface Command<Type extends string = string, Data = unknown> {
  readonly type: Type;
  readonly data: Data;
  readonly metadata: CommandMetadata;
}

/**
 * How one event type is stored: its current schema version, the zod schema of that version, and upcasters
 * that lift older stored versions step by step (upcasters[n] turns version n data into version n + 1).
 */
export interface EventDefinition<Type extends string = string, Schema extends z.ZodType = z.ZodType> {
  readonly type: Type;
  readonly schemaVersion: number;
  readonly schema: Schema;
  readonly upcasters?: Readonly<Record<number, (data: unknown) => unknown>>;
}

export const defineEvent = <Type extends string, Schema extends z.ZodType>(
  definition: EventDefinition<Type, Schema>,
): EventDefinition<Type, Schema> => definition;

/** Compile-time exhaustiveness check for switches over discriminated unions. */
export const assertNever = (value: never): never => {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
};
