import { PendingScreen } from '../../../components/EmptyState';

export default function UserProfile() {
  return <PendingScreen title="Profile" purpose="Your profile: photo, contact details, address, bio and social links, editable by you." />;
}
