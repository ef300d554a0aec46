import { PendingScreen } from '../../../components/EmptyState';
import { usePageTitle } from '../../../components/usePageTitle';

export default function Posts() {
  usePageTitle('Posts');
  return <PendingScreen title="Posts" purpose="Posts from across the community." />;
}
