import { PendingScreen } from '../../../components/EmptyState';

export default function ViewProgress() {
  return <PendingScreen title="View Progress" purpose="The issues your department has taken over and is working on, with controls to advance or step back their progress." />;
}
