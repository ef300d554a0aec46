import { PendingScreen } from '../../../components/EmptyState';

export default function UpvotedIssues() {
  return <PendingScreen title="Upvoted Issues" purpose="The posts you have upvoted." />;
}
