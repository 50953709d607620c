import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbQueryBody } from '@stride/domain/contracts/db-query';
import { DomainError } from '@stride/domain/shared/domain-error';
import { requireUser } from '../../auth/auth-user';

export type FilterValue = string | number | boolean | null;
export type Row = Readonly<Record<string, unknown>>;

/** What one table of the gate answers: rows in the stored snake_case shape and the command's position. */
export interface DbQueryResult {
  readonly data: Row[];
  readonly position: string | null;
}

export type TableHandler = (request: FastifyRequest, reply: FastifyReply, body: DbQueryBody) => Promise<DbQueryResult>;

/**
 * Checks the filters of a query against the table's columns. A user_id (or, for user_data, id) filter may
 * only name the caller (403 otherwise): rows are always limited to the caller's own, filters only narrow.
 */
export function checkedFilters(
  request: FastifyRequest,
  filters: Readonly<Record<string, FilterValue>> | undefined,
  columns: readonly string[],
  ownerColumns: readonly string[] = ['user_id'],
): Record<string, FilterValue> {
  const caller = requireUser(request).id;
  const checked: Record<string, FilterValue> = {};
  for (const [column, value] of Object.entries(filters ?? {})) {
    if (!columns.includes(column)) {
      throw new DomainError('validation', `Unknown column '${column}'`, {
        field: `filters.${column}`,
        allowed: columns,
      });
    }
    if (ownerColumns.includes(column) && value !== caller) {
      throw new DomainError('forbidden', 'Rows of other users are not accessible', { field: `filters.${column}` });
    }
    checked[column] = value;
  }
  return checked;
}

export const matchesFilters = (row: Row, filters: Readonly<Record<string, FilterValue>>): boolean =>
  Object.entries(filters).every(([column, value]) => row[column] === value);

/** `column:asc|desc` over the table's sortable columns (the contract checks the shape). */
export function sortRows(rows: Row[], orderBy: string | undefined, sortable: readonly string[]): Row[] {
  if (orderBy === undefined) return rows;
  const [column = '', direction] = orderBy.split(':');
  if (!sortable.includes(column)) {
    throw new DomainError('validation', `Cannot order by '${column}'`, { field: 'orderBy', allowed: sortable });
  }
  const sign = direction === 'desc' ? -1 : 1;
  const compare = (a: unknown, b: unknown): number => {
    if (a === b) return 0;
    if (a === null || a === undefined) return 1;
    if (b === null || b === undefined) return -1;
    return a < b ? -1 : 1;
  };
  return [...rows].sort((a, b) => sign * compare(a[column], b[column]));
}

/** Writes name one row: its id must be among the filters. */
export function requireIdFilter(filters: Readonly<Record<string, FilterValue>>): string {
  const id = filters.id;
  if (typeof id !== 'string' || id === '') {
    throw new DomainError('validation', 'Updates and deletes need an id filter', { field: 'filters.id' });
  }
  return id;
}

/** A write's data: an object (the contract allows any record; tables parse it with their own schema). */
export function requireData(body: DbQueryBody): Record<string, unknown> {
  if (!body.data) throw new DomainError('validation', 'data is required for this operation', { field: 'data' });
  return body.data;
}

/** The row's user_id in written data, when given, must be the caller's. */
export function checkOwnerInData(request: FastifyRequest, data: Readonly<Record<string, unknown>>): void {
  if (data.user_id !== undefined && data.user_id !== requireUser(request).id) {
    throw new DomainError('forbidden', 'Rows of other users cannot be written', { field: 'data.user_id' });
  }
}
