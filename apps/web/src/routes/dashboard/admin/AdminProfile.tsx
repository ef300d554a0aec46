import { PendingScreen } from '../../../components/EmptyState';
import { usePageTitle } from '../../../components/usePageTitle';

export default function AdminProfile() {
  usePageTitle('Profile');
  return <PendingScreen title="Profile" purpose="The profile view of an account." />;
}
