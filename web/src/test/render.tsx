import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import type { TaskRow } from '@stride/domain/contracts/goals';
import { CurrentUserContext, type ClientUserData, type CurrentUser } from '../lib/current-user';
import { UpgradeDialogContext, type UpgradeTrigger } from '../lib/upgrade-dialog';

/** A task row as the API sends it: a to-do of 30 minutes of goal-1, titled after its id, unless overridden. */
export function makeTask(overrides: Partial<TaskRow> & Pick<TaskRow, 'id'>): TaskRow {
  const status = overrides.status ?? 'todo';
  return {
    goal_id: 'goal-1',
    title: `Task ${overrides.id}`,
    description: null,
    estimated_minutes: 30,
    actual_minutes: null,
    energy_level: 'medium',
    status,
    source: 'manual',
    created_at: '2026-11-20T08:00:00.000Z',
    started_at: null,
    completed_at: status === 'done' ? '2026-11-21T08:00:00.000Z' : null,
    deleted_at: null,
    ...overrides,
  };
}

export function makeUser(overrides: Partial<ClientUserData> = {}): ClientUserData {
  return {
    id: 'user-1',
    email: 'alex@example.com',
    name: 'Alex Rivera',
    subscriptionTier: 'free',
    subscriptionStatus: 'active',
    goalsThisMonth: 0,
    activeGoalsCount: 0,
    goalsLimit: 1,
    aiGenerationsThisMonth: 0,
    aiGenerationsLimit: 3,
    currentMonth: new Date().toISOString().slice(0, 7),
    lastResetDate: null,
    paymentFailedAt: null,
    gracePeriodEndsAt: null,
    createdAt: '2025-01-02T10:00:00.000Z',
    isAdmin: false,
    onboardingCompleted: true,
    timeZone: 'UTC',
    ...overrides,
  };
}

export function currentUserValue(user: ClientUserData | null, overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    user,
    status: user ? 'ready' : 'idle',
    source: user ? 'server' : null,
    refresh: vi.fn(async () => undefined),
    beginUsage: vi.fn(),
    reconcileUsage: vi.fn(),
    patchUser: vi.fn(),
    ...overrides,
  };
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: 0 } } });
}

interface Options {
  readonly user?: ClientUserData | null;
  readonly currentUser?: Partial<CurrentUser>;
  readonly route?: string;
  readonly queryClient?: QueryClient;
  readonly openUpgradeDialog?: (trigger: UpgradeTrigger) => void;
}

export function renderWithProviders(
  ui: ReactElement,
  {
    user = makeUser(),
    currentUser,
    route = '/',
    queryClient = testQueryClient(),
    openUpgradeDialog = vi.fn(),
  }: Options = {},
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <CurrentUserContext.Provider value={currentUserValue(user, currentUser)}>
          <UpgradeDialogContext.Provider value={{ openUpgradeDialog }}>{children}</UpgradeDialogContext.Provider>
        </CurrentUserContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>
  );
  return { ...render(ui, { wrapper }), queryClient, openUpgradeDialog };
}

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' }, ...init });
}
