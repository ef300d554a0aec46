import { ProfileScreen } from '../../ProfilePage';
import { useSession } from '../../../session/useSession';

/** The citizen's own profile (spec 2.12), as others see it plus the private fields. */
export default function UserProfile() {
  const session = useSession();
  return <ProfileScreen role="user" id={session.id} />;
}
