import { ProfileScreen } from '../../ProfilePage';
import { useSession } from '../../../session/useSession';

/** The department's own profile (spec 2.12) with its real figures. */
export default function GovernmentProfile() {
  const session = useSession();
  return <ProfileScreen role="government" id={session.id} />;
}
