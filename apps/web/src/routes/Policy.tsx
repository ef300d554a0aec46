import { CONTACT_DETAILS } from '@civicpulse/shared';
import { PageHeader } from '../components/PageHeader';
import { usePageTitle } from '../components/usePageTitle';

export default function Policy() {
  usePageTitle('Privacy Policy');
  return (
    <div>
      <PageHeader eyebrow="Legal" title="Privacy Policy">
        <p>Last updated: September 2025</p>
      </PageHeader>
      <article className="page prose-page max-w-3xl">
        <p>
          This policy explains what information CivicPulse collects, why we collect it and the choices you have. We
          collect only what the service needs to connect citizens with the departments that can fix local problems.
        </p>
        <h2>Information we collect</h2>
        <ul>
          <li>
            <strong>Account details</strong>: your name, email address and a password, which we store only as a salted
            hash. Government accounts also give a department name, phone number, city and a proof document.
          </li>
          <li>
            <strong>Reports</strong>: captions, photos, the state, landmark, address, pincode and map coordinates of
            the issues you post, with their priority.
          </li>
          <li>
            <strong>Participation</strong>: your votes, comments, replies and community chat messages.
          </li>
          <li>
            <strong>Profile details</strong> you choose to add, such as a photo, phone number, city or short bio.
          </li>
        </ul>
        <h2>How we use it</h2>
        <ul>
          <li>To show your reports to other signed-in users and to the government departments that handle them.</li>
          <li>To let departments contact the right place and track their work to completion.</li>
          <li>To keep the service safe: verifying government accounts, preventing abuse and limiting repeated attempts.</li>
          <li>To answer messages you send us through the contact form.</li>
        </ul>
        <p className="mt-4">We do not sell your personal information and we do not show advertising.</p>
        <h2>Photos and location</h2>
        <p>
          Uploaded photos are re-encoded before they are stored, which removes hidden metadata such as the camera
          model or the GPS position embedded by your phone. The location of a report is only the point you choose on
          the map.
        </p>
        <h2>What others can see</h2>
        <p>
          Reports, votes, comments and your public profile are visible to other signed-in users. Government proof
          documents are visible only to the department that uploaded them and to administrators.
        </p>
        <h2>Storage on your device</h2>
        <p>
          When you sign in, your browser keeps a session token in its local storage so you stay signed in. Logging
          out removes it. We use no advertising or tracking cookies.
        </p>
        <h2>Retention and your rights</h2>
        <p>
          You can edit your profile and delete your own posts, comments and replies at any time. To delete your
          account or to get a copy of your data, write to us and we will respond within 30 days, as provided by the
          Digital Personal Data Protection Act, 2023 and other applicable laws of India.
        </p>
        <h2>Changes to this policy</h2>
        <p>If we change this policy we will update the date above and, for significant changes, tell you in the app.</p>
        <h2>Contact</h2>
        <p>
          Questions about privacy? Email{' '}
          <a className="font-medium text-brand-800 underline" href={`mailto:${CONTACT_DETAILS.email}`}>
            {CONTACT_DETAILS.email}
          </a>
          .
        </p>
      </article>
    </div>
  );
}
