import { lazy } from 'react';
import { useSession } from '../session/useSession';

const Landing = lazy(() => import('./Landing'));
const Feed = lazy(() => import('./Feed'));

/** Spec 1: the landing page for visitors without a session, the Community Posts feed for everyone signed in. */
export default function Home() {
  const session = useSession();
  if (session.loading) return null;
  return session.token ? <Feed /> : <Landing />;
}
