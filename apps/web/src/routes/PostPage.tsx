import { useParams } from 'react-router-dom';
import { PendingScreen } from '../components/EmptyState';

export default function PostPage() {
  const { postId } = useParams();
  return (
    <div className="page max-w-4xl">
      <PendingScreen
        title="Post"
        purpose={`The single-post view for issue ${postId ?? ''} — its photos, location, votes and comments — will be shown here.`}
      />
    </div>
  );
}
