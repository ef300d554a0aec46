import { PendingScreen } from '../../../components/EmptyState';

export default function ViewPosts() {
  return <PendingScreen title="View Issues" purpose="Reports that no department has taken over yet, with filters by priority and votes. Taking one over assigns it to your department." />;
}
