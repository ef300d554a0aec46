import { PendingScreen } from '../../../components/EmptyState';

export default function ManageUsers() {
  return <PendingScreen title="Manage Users" purpose="Every citizen account (name, email, role), with the power to delete accounts." />;
}
