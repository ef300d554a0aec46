import { PendingScreen } from '../../../components/EmptyState';

export default function UserSettings() {
  return <PendingScreen title="Settings" purpose="Your account settings." />;
}
