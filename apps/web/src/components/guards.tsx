import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import toast from '../toast';
import type { Role } from '@civicpulse/shared';
import { useSession } from '../session/useSession';
import { returnPath, type ReturnTo } from '../lib/returnTo';

/** Tells a visitor without a session why they landed on /login (one toast, however often it renders). */
function MissingTokenRedirect({ message }: { message?: string }) {
  const location = useLocation();
  useEffect(() => {
    if (message) toast.error(message, { id: `guard-${message}` });
  }, [message]);
  // Login brings the visitor back here (a shared /post/{id} link opens the post after signing in).
  const from: ReturnTo = { from: `${location.pathname}${location.search}${location.hash}` };
  return <Navigate to="/login" replace state={from} />;
}

/**
 * Spec 2.1: nothing while the session loads; no token → /login; a role mismatch → /. `message` is the
 * spec 8 toast of that screen for a missing token ('Please login to view the post', 'Token not found'):
 * shown when the screen is opened without a session, not when a session ends on it (Logout, or a 401,
 * which has its own 'Session expired' toast).
 */
export function RequireRole({ role, message, children }: { role?: Role; message?: string; children: ReactNode }) {
  const session = useSession();
  const openedWithoutToken = useRef(!session.token);
  if (session.loading) return null;
  if (!session.token) return <MissingTokenRedirect message={openedWithoutToken.current ? message : undefined} />;
  if (role && session.role !== role) return <Navigate to="/" replace />;
  return <>{children}</>;
}

/** /login and /signup: a signed-in visitor is sent to / (or back to the page a guard sent them here from). */
export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.loading) return null;
  // Signing in on /login re-renders this before Login's own navigation: both go to the same place.
  if (session.token) return <Navigate to={returnPath(location.state)} replace />;
  return <>{children}</>;
}
