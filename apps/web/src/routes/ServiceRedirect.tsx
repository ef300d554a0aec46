import { Navigate } from 'react-router-dom';
import { DASHBOARD_PATH, type Role } from '@civicpulse/shared';
import { useSession } from '../session/useSession';

export type Service = 'report' | 'track' | 'updates' | 'forum';

/**
 * The footer's service links (spec 2.1 leaves their targets open). Each goes to the screen that does the
 * job for the visitor's role; without a session the citizen screen's guard sends the visitor to /login.
 */
export function serviceTarget(service: Service, role: Role | null): string {
  const u = DASHBOARD_PATH.user;
  switch (service) {
    case 'report':
      if (role === 'government') return `${DASHBOARD_PATH.government}/viewPosts`;
      if (role === 'admin') return `${DASHBOARD_PATH.admin}/managePosts`;
      return `${u}/createPost`;
    case 'track':
      if (role === 'government') return `${DASHBOARD_PATH.government}/viewProgress`;
      if (role === 'admin') return `${DASHBOARD_PATH.admin}/managePosts`;
      return `${u}/userPosts`;
    case 'updates':
      // The Community Posts feed when signed in; the landing page otherwise.
      return '/';
    case 'forum':
      if (role === 'user' || role === null) return `${u}/communityChat`;
      return '/';
  }
}

export default function ServiceRedirect({ service }: { service: Service }) {
  const session = useSession();
  if (session.loading) return null;
  return <Navigate to={serviceTarget(service, session.role)} replace />;
}
