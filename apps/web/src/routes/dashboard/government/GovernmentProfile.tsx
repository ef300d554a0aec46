import { PendingScreen } from '../../../components/EmptyState';

export default function GovernmentProfile() {
  return <PendingScreen title="Profile" purpose="Your department profile: authority name, designation, jurisdiction, contact details and documents." />;
}
