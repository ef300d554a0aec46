import { Link } from 'react-router-dom';
import { DASHBOARD_PATH, TEXTS } from '@civicpulse/shared';
import { useSession } from '../session/useSession';
import { EmptyState } from '../components/EmptyState';

/**
 * The Community Posts feed (spec 2.6). The posts themselves arrive with the posts API in a later release;
 * until then the feed shows its real empty state rather than invented posts.
 */
export default function Feed() {
  const { role, name } = useSession();
  return (
    <div className="page max-w-4xl">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Community Posts</h1>
          <p className="mt-1 text-sm text-slate-600">
            {name ? `Hi ${name}, here` : 'Here'} are the civic issues reported by others in the community.
          </p>
        </div>
        {role === 'user' && (
          <Link to={`${DASHBOARD_PATH.user}/createPost`} className="btn-primary">
            Report an issue
          </Link>
        )}
      </div>
      <div className="mt-8">
        <EmptyState title={TEXTS.empty.posts}>
          Issues reported by other citizens will appear here, with their photos, location, votes and comments.
        </EmptyState>
      </div>
    </div>
  );
}
