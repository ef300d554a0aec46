import { PendingScreen } from '../../../components/EmptyState';

export default function DownvotedIssues() {
  return <PendingScreen title="Downvoted Issues" purpose="The posts you have downvoted." />;
}
