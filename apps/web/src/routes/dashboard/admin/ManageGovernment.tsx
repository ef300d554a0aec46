import { PendingScreen } from '../../../components/EmptyState';

export default function ManageGovernment() {
  return <PendingScreen title="Manage Government" purpose="Every government account, with their proof documents, to verify or delete them." />;
}
