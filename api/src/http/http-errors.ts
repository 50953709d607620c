/** Errors that carry their own HTTP answer (outside the domain's DomainError codes). */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const rateLimited = (retryAfterSeconds: number): HttpError =>
  new HttpError(429, 'rate_limited', `Rate limit exceeded, retry in ${retryAfterSeconds} seconds`, {
    retryAfterSeconds,
  });
