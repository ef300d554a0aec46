import { PendingScreen } from '../../../components/EmptyState';
import { usePageTitle } from '../../../components/usePageTitle';

export default function CommunityChat() {
  usePageTitle('Community Chat');
  return <PendingScreen title="Community Chat" purpose="A live chat with other citizens on CivicPulse." />;
}
