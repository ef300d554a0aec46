import { PendingScreen } from '../../../components/EmptyState';

export default function ManagePosts() {
  return <PendingScreen title="Manage Posts" purpose="Every post on CivicPulse, with filters by priority, and the power to delete posts, comments and replies." />;
}
