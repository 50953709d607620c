import { usePublicConfig } from '../../../lib/public-config';
import { LegalPage } from './legal-page';

export function PrivacyPage() {
  const { supportEmail } = usePublicConfig();
  return (
    <LegalPage
      title="Privacy policy"
      updated="2025-05-01"
      intro="This policy explains what Stride collects, why, and the choices you have. The short version: we collect what the product needs to work, we never sell your data, and we honour Do Not Track."
    >
      <h2>1. Information we collect</h2>
      <ul>
        <li>
          <strong>Account details:</strong> your name and email address, provided when you sign up through our sign-in
          provider.
        </li>
        <li>
          <strong>Your content:</strong> goals, tasks, collections, time estimates and the actual minutes you log.
        </li>
        <li>
          <strong>Usage counters:</strong> how many goals and AI breakdowns you used this month, so we can apply your
          plan’s limits.
        </li>
        <li>
          <strong>Billing information:</strong> handled by our payment provider, Stripe. We store your plan,
          subscription status and payment dates, never your card number.
        </li>
        <li>
          <strong>Product analytics:</strong> events such as “goal created” or “page viewed”, with a one-way hash of
          your user id, a 30-minute session id, your plan, the page path, referrer and browser user agent.
        </li>
        <li>
          <strong>Attribution:</strong> if you arrive from a campaign link, we keep the campaign parameters and referrer
          in your browser for up to 30 days and attach them to your account when you sign up, then delete the browser
          copy.
        </li>
      </ul>
      <h2>2. Do Not Track</h2>
      <p>
        When your browser sends a Do Not Track signal, Stride sends no analytics events and stores no attribution data.
        The product works exactly the same.
      </p>
      <h2>3. How we use information</h2>
      <ul>
        <li>To provide the service: store your goals, generate task breakdowns, show your progress.</li>
        <li>To bill you for paid plans and warn you about failed payments.</li>
        <li>To understand, in aggregate, which features help people reach their goals, and to fix errors.</li>
      </ul>
      <h2>4. AI processing</h2>
      <p>
        When you request an AI breakdown, the goal’s title and description are sent to our AI provider to generate
        tasks. We do not send your name or email, and we do not allow the provider to train on your content.
      </p>
      <h2>5. Local storage</h2>
      <p>
        Stride keeps a few items in your browser’s local storage — your sign-in session, onboarding progress, a cached
        copy of your usage counters and dismissed notices. All of it is cleared when you sign out.
      </p>
      <h2>6. Sharing</h2>
      <p>
        We share data only with processors that help us run Stride (hosting, authentication, payments, AI, error
        reporting), under contracts that limit their use to providing the service. We never sell personal data.
      </p>
      <h2>7. Retention and deletion</h2>
      <p>
        We keep your data while your account is active. Ask us to delete your account and we will erase your personal
        data within 30 days, except where the law requires us to keep billing records.
      </p>
      <h2>8. Your rights</h2>
      <p>
        Depending on where you live you may access, correct, export or delete your data, and object to some processing.
        Email us and we will respond within 30 days.
      </p>
      <h2>9. Contact</h2>
      <p>
        Questions about privacy: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
    </LegalPage>
  );
}
