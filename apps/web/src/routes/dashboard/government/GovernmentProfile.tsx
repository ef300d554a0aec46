import { PendingScreen } from '../../../components/EmptyState';
import { usePageTitle } from '../../../components/usePageTitle';

export default function GovernmentProfile() {
  usePageTitle('Profile');
  return <PendingScreen title="Profile" purpose="Your department profile: authority name, designation, jurisdiction, contact details and documents." />;
}
