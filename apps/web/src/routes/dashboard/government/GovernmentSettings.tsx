import { PendingScreen } from '../../../components/EmptyState';
import { usePageTitle } from '../../../components/usePageTitle';

export default function GovernmentSettings() {
  usePageTitle('Settings');
  return <PendingScreen title="Settings" purpose="Your department account settings." />;
}
