import { SectionErrorBoundary } from '../../components/section-error-boundary';
import { SubscriptionSection } from '../../features/billing/components/subscription-section';
import { ProfilePage } from '../../features/profile/components/profile-page';

export default function ProfileRoute() {
  return (
    <ProfilePage
      subscription={
        <SectionErrorBoundary name="subscription">
          <SubscriptionSection />
        </SectionErrorBoundary>
      }
    />
  );
}
