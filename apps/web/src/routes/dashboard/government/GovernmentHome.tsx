import { DASHBOARD_PATH } from '@civicpulse/shared';
import { useSession } from '../../../session/useSession';
import { ShortcutGrid, WelcomeBanner } from '../Banner';

const g = DASHBOARD_PATH.government;

export default function GovernmentHome() {
  const { name } = useSession();
  return (
    <div>
      <WelcomeBanner title={name ? `Welcome, ${name}` : 'Welcome'}>
        Monitor public reports, update their statuses and track the progress of every issue your department has taken
        over.
      </WelcomeBanner>
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
