import { PendingScreen } from '../../../components/EmptyState';
import { usePageTitle } from '../../../components/usePageTitle';

export default function ManageUsers() {
  usePageTitle('Manage Users');
  return <PendingScreen title="Manage Users" purpose="Every citizen account (name, email, role), with the power to delete accounts." />;
}
