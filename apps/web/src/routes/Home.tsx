import { lazy } from 'react';
import { useSession } from '../session/useSession';
import { textsReady } from '../i18n';

const Landing = lazy(() => import('./Landing'));
// In Hindi, the feed's shared texts too (loaded before the first render when it is the first screen).
const Feed = lazy(() => Promise.all([import('./Feed'), textsReady('feed')]).then(([module]) => module));

/** Spec 1: the landing page for visitors without a session, the Community Posts feed for everyone signed in. */
export default function Home() {
  const session = useSession();
  if (session.loading) return null;
  return session.token ? <Feed /> : <Landing />;
}
