import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { EDITOR_UI, PROFILE_UI, type CitizenProfile, type GovernmentProfile } from '@civicpulse/shared';
import { useLocalized, useTranslation } from '../i18n';
import { useProfile } from '../api/profile';
import { ApiError } from '../api/client';
import { EmptyState } from '../components/EmptyState';
import { CitizenProfileView, GovernmentProfileView } from '../components/profile/ProfileView';
import { ProfileEditor } from '../components/profile/ProfileEditor';
import { usePageTitle } from '../components/usePageTitle';
import { useSession } from '../session/useSession';

/**
 * A profile (spec 2.12): /user/profile/{role}/{userId}, /user/profile/{userId} (the mobile menu's
 * form: the role is found by asking) and the dashboards' own-profile screens. The server leaves out
 * what this viewer may not see; the view says 'Private' for those fields.
 */
export function ProfileScreen({ role, id }: { role: string | null; id: string }) {
  const session = useSession();
  const { t } = useTranslation('user');
  const ui = useLocalized(PROFILE_UI);
  const editor = useLocalized(EDITOR_UI);
  // A profile is editable only when the viewed id is one's own (spec 2.12).
  const [editing, setEditing] = useState(false);
  const known = role === 'user' || role === 'government' ? role : null;
  const query = useProfile(known, id);
  usePageTitle(query.data ? ('authorityName' in query.data ? query.data.authorityName : query.data.name) : t('profile.title'));
  if (role !== null && known === null) return <EmptyState>{role ? ui.unknownRole : ui.loadingRole}</EmptyState>;
  if (query.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600">
        {ui.loading}
      </p>
    );
  }
  if (query.isError) {
    const error = query.error;
    const notFound = error instanceof ApiError && error.status === 404;
    // Spec 8 gives the government profile page its own texts per failure; the citizen's is 'Failed to load profile.'
    const title =
      known === 'government'
        ? !(error instanceof ApiError)
          ? ui.govErrors.unexpected
          : error.status === 0
            ? ui.govErrors.network
            : error.status === 401
              ? ui.govErrors.expired
              : notFound
                ? ui.govErrors.notFound
                : ui.govErrors.status(error.status, error.message.replace(/^\d+\s*/, ''))
        : notFound
          ? ui.noData
          : ui.failed;
    return (
      <EmptyState title={title}>
        <button type="button" className="btn-secondary mt-3" onClick={() => void query.refetch()}>
          {ui.tryAgain}
        </button>
      </EmptyState>
    );
  }
  const own = session.id === id;
  if (own && editing) return <ProfileEditor profile={query.data} onDone={() => setEditing(false)} />;
  const editButton = own ? (
    <div className="mb-4 flex justify-end">
      <button type="button" className="btn-primary" onClick={() => setEditing(true)}>
        {editor.edit}
      </button>
    </div>
  ) : null;
  return query.data.role === 'government' ? (
    <>
      {editButton}
      <GovernmentProfileView profile={query.data as GovernmentProfile} own={own} />
    </>
  ) : (
    <>
      {editButton}
      <CitizenProfileView profile={query.data as CitizenProfile} own={own} />
    </>
  );
}

export default function ProfilePage() {
  const { role, userId } = useParams();
  return (
    <div className="page max-w-4xl">
      <ProfileScreen role={role ?? null} id={userId ?? ''} />
    </div>
  );
}
