import type { ExpectedVersion } from './types';

export class ExpectedVersionConflictError extends Error {
  override readonly name = 'ExpectedVersionConflictError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`Stream '${streamId}' is at version ${actual}, expected ${describe(expected)}`);
  }
}

const describe = (expected: ExpectedVersion): string =>
  expected === 'no_stream' ? 'no stream' : expected === 'stream_exists' ? 'an existing stream' : String(expected);

/** appendInTransaction was called after the transaction had already written something. */
export class AppendOrderError extends Error {
  override readonly name = 'AppendOrderError';
  constructor() {
    super('Append events before any other write of the transaction (one appendInTransaction call per transaction)');
  }
}
