import { PendingScreen } from '../../../components/EmptyState';
import { usePageTitle } from '../../../components/usePageTitle';

export default function UserProfile() {
  usePageTitle('Profile');
  return <PendingScreen title="Profile" purpose="Your profile: photo, contact details, address, bio and social links, editable by you." />;
}
