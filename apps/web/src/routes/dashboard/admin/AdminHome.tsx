import { DASHBOARD_PATH } from '@civicpulse/shared';
import { ShortcutGrid, WelcomeBanner } from '../Banner';
import { usePageTitle } from '../../../components/usePageTitle';

const a = DASHBOARD_PATH.admin;

export default function AdminHome() {
  usePageTitle('Admin Panel');
  return (
    <div>
      <WelcomeBanner title="Hello Admin">
        Keep CivicPulse trustworthy: moderate posts, manage citizen accounts and verify government departments.
      </WelcomeBanner>
      <ShortcutGrid
        items={[
          { to: `${a}/managePosts`, title: 'Manage Posts', body: 'Review and remove posts, comments and replies.' },
          { to: `${a}/manageUsers`, title: 'Manage Users', body: 'List and remove citizen accounts.' },
          { to: `${a}/manageGovernment`, title: 'Manage Government', body: 'Verify or remove government accounts.' },
        ]}
      />
    </div>
  );
}
