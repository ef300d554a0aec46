import { PendingScreen } from '../../../components/EmptyState';

export default function ResolvedIssues() {
  return <PendingScreen title="Resolved Issues" purpose="The issues your department has finished and their citizens have verified." />;
}
