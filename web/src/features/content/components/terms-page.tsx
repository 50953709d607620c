import { usePublicConfig } from '../../../lib/public-config';
import { LegalPage } from './legal-page';

export function TermsPage() {
  const { supportEmail } = usePublicConfig();
  return (
    <LegalPage
      title="Terms of service"
      updated="2025-05-01"
      intro="These terms are the agreement between you and Stride when you use our website and app. Please read them; they are written to be understood."
    >
      <h2>1. Your account</h2>
      <p>
        You need an account to use Stride. Keep your sign-in details safe and tell us if you think someone else has
        access. You must be at least 16 years old.
      </p>
      <h2>2. Using Stride</h2>
      <p>
        Use Stride for lawful purposes only. Do not attempt to break, overload or reverse-engineer the service, access
        other people’s data, or use automated means to get around plan limits.
      </p>
      <h2>3. Plans, limits and billing</h2>
      <ul>
        <li>The Free plan is free forever and includes the limits shown on our pricing page.</li>
        <li>Paid plans are billed monthly in advance through Stripe and renew automatically until cancelled.</li>
        <li>Monthly limits (goals and AI breakdowns) reset at the start of each calendar month.</li>
        <li>You can cancel at any time from Manage account; your plan continues until the end of the paid period.</li>
        <li>
          If a payment fails we will tell you and give you a grace period to update your payment method before your
          account moves to the Free plan.
        </li>
      </ul>
      <h2>4. Your content</h2>
      <p>
        Your goals and tasks belong to you. You give us permission to store and process them only to provide the
        service, including generating AI breakdowns you ask for.
      </p>
      <h2>5. AI suggestions</h2>
      <p>
        AI-generated tasks are suggestions. They can be incomplete or wrong. Use your judgement, especially for health,
        financial or legal goals, and consult a professional where appropriate.
      </p>
      <h2>6. Availability and changes</h2>
      <p>
        We work hard to keep Stride available but cannot promise it will be uninterrupted. We may change features; if we
        make a change that materially reduces a paid plan, we will tell you in advance.
      </p>
      <h2>7. Ending the agreement</h2>
      <p>
        You may stop using Stride at any time. We may suspend accounts that break these terms, after warning you where
        possible.
      </p>
      <h2>8. Liability</h2>
      <p>
        To the extent the law allows, Stride is provided “as is” and our total liability is limited to the amount you
        paid us in the 12 months before the claim.
      </p>
      <h2>9. Contact</h2>
      <p>
        Questions about these terms: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
    </LegalPage>
  );
}
