import type { ReactNode } from 'react';
import { useCurrentUser } from '../../lib/current-user';
import { NotFoundPage } from '../not-found-page';

/** True in a development build (Vite dev server or a build with mode development). */
export const isDevelopmentBuild = (): boolean => import.meta.env.DEV;

/**
 * /test-integration and /mock-demo are internal tools: admins see them, and anyone in a development
 * build. Customers get the ordinary not-found page, so the routes do not advertise themselves.
 */
export function DiagnosticsGate({
  children,
  development = isDevelopmentBuild(),
}: {
  readonly children: ReactNode;
  readonly development?: boolean;
}) {
  const { user } = useCurrentUser();
  if (!development && !user?.isAdmin) return <NotFoundPage />;
  return <>{children}</>;
}
