import { CONTACT_DETAILS } from '@civicpulse/shared';
import { PageHeader } from '../components/PageHeader';
import { usePageTitle } from '../components/usePageTitle';

export default function Terms() {
  usePageTitle('Terms and Conditions');
  return (
    <div>
      <PageHeader eyebrow="Legal" title="Terms and Conditions">
        <p>Please read these terms before using CivicPulse.</p>
      </PageHeader>
      <article className="page prose-page max-w-3xl">
        <h2>1. Acceptance</h2>
        <p>
          By creating an account or using CivicPulse you agree to these terms. If you do not agree, please do not use
          the service.
        </p>
        <h2>2. Accounts</h2>
        <ul>
          <li>You must give accurate information and keep your password secret.</li>
          <li>
            Government accounts must belong to a real public authority and provide a genuine proof document; an
            administrator verifies them before they act on reports.
          </li>
          <li>You are responsible for everything done with your account.</li>
        </ul>
        <h2>3. What you may post</h2>
        <ul>
          <li>Report genuine civic issues, with photos you took or have the right to share.</li>
          <li>
            Do not post false reports, personal attacks, hate speech, other people&apos;s private information, or
            anything unlawful.
          </li>
          <li>You keep ownership of your content and allow CivicPulse to display it to run the service.</li>
        </ul>
        <h2>4. Moderation</h2>
        <p>
          Administrators may remove posts, comments or accounts that break these terms, and may suspend accounts that
          misuse the service.
        </p>
        <h2>5. No guarantee of resolution</h2>
        <p>
          CivicPulse connects citizens with authorities but does not itself repair anything. How and when an issue is
          resolved is the responsibility of the department concerned. For emergencies, always call 112.
        </p>
        <h2>6. Limitation of liability</h2>
        <p>
          The service is provided &quot;as is&quot;. To the extent permitted by law, CivicPulse is not liable for
          indirect losses arising from its use.
        </p>
        <h2>7. Governing law</h2>
        <p>
          These terms are governed by the laws of India. Any dispute is subject to the exclusive jurisdiction of the
          courts of Bengaluru, Karnataka.
        </p>
        <h2>8. Contact</h2>
        <p>
          Questions about these terms? Email{' '}
          <a className="font-medium text-brand-800 underline" href={`mailto:${CONTACT_DETAILS.email}`}>
            {CONTACT_DETAILS.email}
          </a>
          .
        </p>
      </article>
    </div>
  );
}
