import { DomainError } from '@stride/domain/shared/domain-error';

export const notFound = (what: string): DomainError => new DomainError('not_found', `${what} not found`);
