import type { FastifyRequest } from 'fastify';
import { DomainError } from '@stride/domain/shared/domain-error';

/** `If-Match: "3"` (or W/"3", or 3): the stream version the caller last saw. */
export function ifMatchVersion(request: FastifyRequest): number | undefined {
  const raw = request.headers['if-match'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value.trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(value);
  if (!match) throw new DomainError('validation', 'If-Match must be a goal version like "3"', { field: 'if-match' });
  return Number(match[1]);
}

/** The expected version of a write: If-Match and a body's expectedVersion must agree when both are given. */
export function expectedVersionOf(request: FastifyRequest, bodyVersion: number | undefined): number | undefined {
  const headerVersion = ifMatchVersion(request);
  if (headerVersion !== undefined && bodyVersion !== undefined && headerVersion !== bodyVersion) {
    throw new DomainError('validation', 'If-Match and expectedVersion disagree', { field: 'expectedVersion' });
  }
  return bodyVersion ?? headerVersion;
}

export const etagOf = (version: number): string => `"${version}"`;
