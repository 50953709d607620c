import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { ErrorResponse } from '@stride/domain/contracts/common';
import { isDomainError, type DomainErrorCode } from '@stride/domain/shared/domain-error';
import { ExpectedVersionConflictError } from '@stride/platform/event-store/errors';
import { HttpError } from './http-errors';
import { BillingError, type BillingErrorCode } from '@stride/application/billing/billing-errors';

/**
 * The one error handler (spec section 8): every failure becomes `{ error, code?, details? }`.
 * - bad input (zod, fastify validation): 400 with `details.field` (dotted path) and every issue;
 * - DomainError: by code (validation 400, unauthorized / account_deleted 401, forbidden / plan_required / limit_reached 403,
 *   not_found 404, illegal_state / version_conflict / quota_reached 409) with its details, so the web app can open the
 *   upgrade dialog on limit_reached;
 * - 429 from the rate limiter (its reset header is already set);
 * - anything else is logged with the request context and answered 500 with no internals.
 */
export const statusOfDomainCode: Readonly<Record<DomainErrorCode, number>> = {
  validation: 400,
  unauthorized: 401,
  account_deleted: 401,
  forbidden: 403,
  plan_required: 403,
  limit_reached: 403,
  not_found: 404,
  illegal_state: 409,
  version_conflict: 409,
  quota_reached: 409,
};

export const statusOfBillingCode: Readonly<Record<BillingErrorCode, number>> = {
  invalid_signature: 400,
  payment_provider_error: 502,
  billing_portal_not_configured: 503,
};

interface Issue {
  readonly field: string;
  readonly message: string;
  readonly code: string;
}

const validationBody = (issues: readonly Issue[], location?: string): ErrorResponse => {
  const first = issues[0];
  return {
    error: first ? (first.field ? `${first.field}: ${first.message}` : first.message) : 'Invalid request',
    code: 'validation',
    details: { field: first?.field ?? null, ...(location && { location }), issues },
  };
};

const fieldOfInstancePath = (instancePath: string): string => instancePath.replace(/^\//, '').replaceAll('/', '.');

export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (hasZodFastifySchemaValidationErrors(error)) {
    // A whole-input issue (a body that is not an object) has no path: it names the part, e.g. `body`.
    const issues = error.validation.map((issue) => ({
      field: fieldOfInstancePath(issue.instancePath) || (error.validationContext ?? 'body'),
      message: issue.message ?? 'Invalid value',
      code: issue.keyword,
    }));
    return reply.code(400).send(validationBody(issues, error.validationContext));
  }
  if (error instanceof ZodError) {
    const issues = error.issues.map((issue) => ({
      field: issue.path.map(String).join('.'),
      message: issue.message,
      code: issue.code,
    }));
    return reply.code(400).send(validationBody(issues));
  }
  if (isDomainError(error)) {
    const status = statusOfDomainCode[error.code];
    return reply.code(status).send({ error: error.message, code: error.code, details: error.details });
  }
  if (error instanceof ExpectedVersionConflictError) {
    return reply.code(409).send({
      error: 'The data was changed by another request; reload and retry',
      code: 'version_conflict',
      details: { streamId: error.streamId, actualVersion: error.actual },
    });
  }
  if (error instanceof BillingError) {
    const status = statusOfBillingCode[error.code];
    if (status >= 500) request.log.error({ err: error }, error.message);
    return reply.code(status).send({ error: error.message, code: error.code, details: error.details });
  }
  if (error instanceof HttpError) {
    if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
    return reply.code(error.statusCode).send({ error: error.message, code: error.code, details: error.details });
  }
  const statusCode = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (statusCode < 500 && !isResponseSerializationError(error as FastifyError)) {
    // Fastify's own client errors: malformed JSON, unsupported media type, body too large... all about the body
    // (content-type parser errors) or the URL; the field is named so a client can tell which.
    const code = 'code' in error ? String(error.code) : 'bad_request';
    const field = code.startsWith('FST_ERR_CTP') ? 'body' : code.startsWith('FST_ERR_BAD_URL') ? 'url' : null;
    return reply.code(statusCode).send({ error: error.message, code, ...(field && { details: { field } }) });
  }
  request.log.error(
    { err: error, method: request.method, url: request.url, userId: request.user?.id },
    'request failed',
  );
  return reply.code(500).send({ error: 'Internal server error' });
}
