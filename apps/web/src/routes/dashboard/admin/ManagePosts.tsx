import { PendingScreen } from '../../../components/EmptyState';
import { usePageTitle } from '../../../components/usePageTitle';

export default function ManagePosts() {
  usePageTitle('Manage Posts');
  return <PendingScreen title="Manage Posts" purpose="Every post on CivicPulse, with filters by priority, and the power to delete posts, comments and replies." />;
}
