import { PendingScreen } from '../../../components/EmptyState';

export default function AdminProfile() {
  return <PendingScreen title="Profile" purpose="The profile view of an account." />;
}
