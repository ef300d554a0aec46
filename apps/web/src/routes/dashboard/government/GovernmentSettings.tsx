import { PendingScreen } from '../../../components/EmptyState';

export default function GovernmentSettings() {
  return <PendingScreen title="Settings" purpose="Your department account settings." />;
}
