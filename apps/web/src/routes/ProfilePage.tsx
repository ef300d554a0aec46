import { useParams } from 'react-router-dom';
import { PendingScreen } from '../components/EmptyState';
import { usePageTitle } from '../components/usePageTitle';

/** /user/profile/{role}/{userId}, /user/profile/{userId} and /user/{userId} (spec 2.1). */
export default function ProfilePage() {
  usePageTitle('Profile');
  const { role } = useParams();
  const kind = role === 'government' ? 'government' : 'citizen';
  return (
    <div className="page max-w-4xl">
      <PendingScreen
        title="Profile"
        purpose={`Public ${kind} profiles — photo, contact details, bio and social links — are not available in this version yet.`}
      />
    </div>
  );
}
