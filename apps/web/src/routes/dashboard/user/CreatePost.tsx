import { PendingScreen } from '../../../components/EmptyState';

export default function CreatePost() {
  return <PendingScreen title="Create Issue" purpose="Report a civic issue with a caption, photos, its location on the map and a priority." />;
}
