import { PendingScreen } from '../../../components/EmptyState';
import { usePageTitle } from '../../../components/usePageTitle';

export default function UserSettings() {
  usePageTitle('Settings');
  return <PendingScreen title="Settings" purpose="Your account settings." />;
}
