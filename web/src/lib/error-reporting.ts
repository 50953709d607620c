import { useMemo } from 'react';

/**
 * Error reporting (spec sections 3 and 9): a breadcrumb buffer of 100 entries, messages cut at 2048
 * characters, a user context set on identification and cleared on sign-out. Reports go to the configured
 * transport (the app wires it to POST /api/analytics/events as error_occurred when tracking is allowed).
 */
export const MAX_BREADCRUMBS = 100;
export const MAX_MESSAGE_LENGTH = 2048;

export interface Breadcrumb {
  readonly category: string;
  readonly message: string;
  readonly timestamp: string;
  readonly data?: Record<string, string | number | boolean | null>;
}

export interface ErrorUserContext {
  readonly id: string;
  readonly email: string;
  readonly username: string;
}

export interface ErrorReport {
  readonly message: string;
  readonly name: string;
  readonly stack: string | null;
  readonly context: Record<string, string | number | boolean | null>;
  readonly breadcrumbs: readonly Breadcrumb[];
  readonly user: ErrorUserContext | null;
}

type Transport = (report: ErrorReport) => void;

let breadcrumbs: Breadcrumb[] = [];
let user: ErrorUserContext | null = null;
let transport: Transport | null = null;

export const truncateMessage = (message: string): string =>
  message.length > MAX_MESSAGE_LENGTH ? message.slice(0, MAX_MESSAGE_LENGTH) : message;

export function configureErrorReporting(options: { transport: Transport | null }): void {
  transport = options.transport;
}

export function addBreadcrumb(crumb: Omit<Breadcrumb, 'timestamp'>): void {
  breadcrumbs.push({ ...crumb, message: truncateMessage(crumb.message), timestamp: new Date().toISOString() });
  if (breadcrumbs.length > MAX_BREADCRUMBS) breadcrumbs = breadcrumbs.slice(-MAX_BREADCRUMBS);
}

export function getBreadcrumbs(): readonly Breadcrumb[] {
  return breadcrumbs;
}

export function setErrorUser(next: ErrorUserContext): void {
  user = next;
}

export function clearErrorUser(): void {
  user = null;
}

export function getErrorUser(): ErrorUserContext | null {
  return user;
}

export function captureException(error: unknown, context: ErrorReport['context'] = {}): ErrorReport {
  const err = error instanceof Error ? error : new Error(typeof error === 'string' ? error : 'Unknown error');
  const report: ErrorReport = {
    message: truncateMessage(err.message || 'Unknown error'),
    name: err.name,
    stack: err.stack ? truncateMessage(err.stack) : null,
    context,
    breadcrumbs: [...breadcrumbs],
    user,
  };
  if (import.meta.env.DEV) console.error('[error-reporting]', err, context);
  try {
    transport?.(report);
  } catch {
    /* reporting never throws */
  }
  return report;
}

export function captureMessage(message: string, context: ErrorReport['context'] = {}): ErrorReport {
  return captureException(new Error(message), context);
}

/** Test helper. */
export function resetErrorReporting(): void {
  breadcrumbs = [];
  user = null;
  transport = null;
}

/** The hook the error boundaries use. */
export function useErrorReporting() {
  return useMemo(() => ({ captureException, captureMessage, addBreadcrumb }), []);
}
