import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { Role } from '@civicpulse/shared';
import { useSession } from '../session/useSession';

/** Spec 2.1: nothing while the session loads; no token → /login; a role mismatch → /. */
export function RequireRole({ role, children }: { role?: Role; children: ReactNode }) {
  const session = useSession();
  if (session.loading) return null;
  if (!session.token) return <Navigate to="/login" replace />;
  if (role && session.role !== role) return <Navigate to="/" replace />;
  return <>{children}</>;
}

/** /login and /signup: a signed-in visitor is sent to /. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.loading) return null;
  if (session.token) return <Navigate to="/" replace />;
  return <>{children}</>;
}
