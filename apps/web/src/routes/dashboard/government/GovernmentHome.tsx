import { DASHBOARD_PATH, GOV_UI } from '@civicpulse/shared';
import { useGovMe } from '../../../api/government';
import { PendingVerificationBanner } from '../../../components/government/PendingVerificationBanner';
import { useSession } from '../../../session/useSession';
import { ShortcutGrid, WelcomeBanner } from '../Banner';
import { usePageTitle } from '../../../components/usePageTitle';

const g = DASHBOARD_PATH.government;

export default function GovernmentHome() {
  usePageTitle('Government Dashboard');
  const { name } = useSession();
  const me = useGovMe();
  return (
    <div>
      <WelcomeBanner title={name ? `Welcome, ${name}` : 'Welcome'}>
        Monitor public reports, update their statuses and track the progress of every issue your department has taken
        over.
        {me.data && (
          <span className="mt-2 block text-sm font-semibold text-white" data-testid="resolved-count">
            {GOV_UI.resolvedCount(me.data.resolvedIssuesCount)}
          </span>
        )}
      </WelcomeBanner>
      <PendingVerificationBanner className="mt-6" />
      <ShortcutGrid
        items={[
          { to: `${g}/viewPosts`, title: 'View Issues', body: 'Reports waiting for a department to take them over.' },
          { to: `${g}/viewProgress`, title: 'View Progress', body: 'Advance the issues your department is working on.' },
          { to: `${g}/resolvedIssues`, title: 'Resolved Issues', body: 'Work your department has completed.' },
        ]}
      />
    </div>
  );
}
