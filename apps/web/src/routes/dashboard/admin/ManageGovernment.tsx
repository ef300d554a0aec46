import { PendingScreen } from '../../../components/EmptyState';
import { usePageTitle } from '../../../components/usePageTitle';

export default function ManageGovernment() {
  usePageTitle('Manage Government');
  return <PendingScreen title="Manage Government" purpose="Every government account, with their proof documents, to verify or delete them." />;
}
