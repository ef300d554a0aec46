import { PendingScreen } from '../../../components/EmptyState';

export default function UserPosts() {
  return <PendingScreen title="My Issues" purpose="The issues you report, with their status and progress. You will be able to edit or delete them and confirm when the work is done." />;
}
