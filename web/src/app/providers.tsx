import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { apiClient } from '../lib/api-client';
import { useAuthSession } from '../lib/auth-session';
import { useCurrentUser } from '../lib/current-user';
import { configureErrorReporting } from '../lib/error-reporting';
import { PublicConfigContext, publicConfigQueryOptions } from '../lib/public-config';
import { queryClient } from '../lib/query-client';
import { AuthProvider } from '../features/auth/components/auth-provider';
import { UpgradeDialogProvider } from '../features/billing/components/upgrade-dialog-provider';
import { TrackingProvider } from '../features/tracking/components/tracking-provider';
import { attributionForSignup, clearAttribution } from '../features/tracking/lib/attribution';
import { trackEvent } from '../features/tracking/lib/tracker';
import { UserDataProvider } from '../features/usage/components/user-data-provider';
import { ApplicationErrorScreen } from './error-boundaries/app-error-boundary';
import { ConfigurationErrorPage } from './gates/configuration-error-page';
import { LoadingGate } from './gates/loading-gate';

// Errors go to the analytics endpoint as error_occurred; trackEvent itself honours do-not-track.
configureErrorReporting({
  transport: (report) =>
    void trackEvent('error_occurred', {
      message: report.message.slice(0, 1000),
      name: report.name,
      boundary: typeof report.context.boundary === 'string' ? report.context.boundary : null,
      section: typeof report.context.section === 'string' ? report.context.section : null,
      breadcrumbs: report.breadcrumbs.length,
    }),
});

/** GET /api/config before anything else; Clerk mode without a key shows the configuration error. */
function ConfigGate({ children }: { readonly children: ReactNode }) {
  const config = useQuery(publicConfigQueryOptions());
  useEffect(() => {
    if (config.data) apiClient.setRequestSigning(config.data.requestSigning);
  }, [config.data]);
  if (config.isPending) return <LoadingGate />;
  if (config.isError) return <ApplicationErrorScreen message={config.error.message} />;
  if (config.data.authMode === 'clerk' && !config.data.clerkPublishableKey) return <ConfigurationErrorPage />;
  return <PublicConfigContext.Provider value={config.data}>{children}</PublicConfigContext.Provider>;
}

function TrackingBridge({ children }: { readonly children: ReactNode }) {
  const { user } = useCurrentUser();
  const auth = useAuthSession();
  return (
    <TrackingProvider
      userId={user?.id ?? null}
      tier={user?.subscriptionTier ?? null}
      signedOut={auth.status === 'signed-out'}
    >
      {children}
    </TrackingProvider>
  );
}

function SessionProviders({ children }: { readonly children: ReactNode }) {
  const auth = useAuthSession();
  return (
    <UserDataProvider authUser={auth.user} getAttribution={attributionForSignup} onAttributionSynced={clearAttribution}>
      <TrackingBridge>
        <UpgradeDialogProvider>{children}</UpgradeDialogProvider>
      </TrackingBridge>
    </UserDataProvider>
  );
}

/** Query client, config, identity, user data, tracking and the upgrade dialog, in that order. */
export function AppProviders({ children }: { readonly children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigGate>
        <AuthProvider fallback={<LoadingGate />}>
          <SessionProviders>{children}</SessionProviders>
        </AuthProvider>
      </ConfigGate>
    </QueryClientProvider>
  );
}
