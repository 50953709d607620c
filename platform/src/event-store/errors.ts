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
