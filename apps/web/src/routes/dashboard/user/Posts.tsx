import { PendingScreen } from '../../../components/EmptyState';

export default function Posts() {
  return <PendingScreen title="Posts" purpose="Posts from across the community." />;
}
