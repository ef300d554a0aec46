import { PendingScreen } from '../../../components/EmptyState';

export default function CommunityChat() {
  return <PendingScreen title="Community Chat" purpose="A live chat with other citizens on CivicPulse." />;
}
