import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoading } from '../../components/spinner';
import { SectionErrorBoundary } from '../../components/section-error-boundary';
import { PaymentFailureBanner } from '../../features/billing/components/payment-failure-banner';
import { SubscriptionGate } from '../gates/subscription-gate';
import { Footer } from './footer';
import { Header } from './header';
import { PageTransition } from './page-transition';
import { PlannerCommands } from './planner-commands';
import { ScrollToHash } from './scroll-to-hash';

/** The signed-in shell: header with navigation, payment banner, main area, footer. */
export function AppShell() {
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SectionErrorBoundary name="header">
        <Header />
      </SectionErrorBoundary>
      <SectionErrorBoundary name="payment-banner">
        <PaymentFailureBanner />
      </SectionErrorBoundary>
      <main id="main" className="app-main" tabIndex={-1}>
        <ScrollToHash />
        <PageTransition>
          <SectionErrorBoundary name="page">
            <Suspense fallback={<PageLoading />}>
              <SubscriptionGate>
                <Outlet />
              </SubscriptionGate>
            </Suspense>
          </SectionErrorBoundary>
        </PageTransition>
      </main>
      <SectionErrorBoundary name="footer">
        <Footer />
      </SectionErrorBoundary>
      <SectionErrorBoundary name="planner-commands">
        <PlannerCommands />
      </SectionErrorBoundary>
    </div>
  );
}
