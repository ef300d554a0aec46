import { DASHBOARD_PATH } from '@civicpulse/shared';
import { useSession } from '../../../session/useSession';
import { ShortcutGrid, WelcomeBanner } from '../Banner';
import { usePageTitle } from '../../../components/usePageTitle';

const u = DASHBOARD_PATH.user;

export default function UserHome() {
  usePageTitle('Citizen Dashboard');
  const { name } = useSession();
  return (
    <div>
      <WelcomeBanner title={name ? `Welcome Back, ${name}` : 'Welcome Back'}>
        Manage your profile, view your own reports and explore the issues raised across your community.
      </WelcomeBanner>
      <ShortcutGrid
        items={[
          { to: `${u}/createPost`, title: 'Create Issue', body: 'Report a new problem with photos and a map pin.' },
          { to: `${u}/userPosts`, title: 'My Issues', body: 'See the status and progress of your reports.' },
          { to: '/', title: 'Other Issues', body: 'Explore, vote on and discuss issues raised by others.' },
          { to: `${u}/userProfile`, title: 'Profile', body: 'Keep your contact details and photo up to date.' },
        ]}
      />
    </div>
  );
}
