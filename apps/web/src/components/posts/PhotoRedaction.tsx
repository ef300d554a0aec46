import { lazy, Suspense, useState } from 'react';
import { REDACTION_UI, type Post } from '@civicpulse/shared';
import { useGovMe } from '../../api/government';
import { useLocalized } from '../../i18n';
import { useSession } from '../../session/useSession';

const RedactDialog = lazy(() => import('./RedactDialog'));

export interface RedactablePhoto {
  _id: string;
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
}

/**
 * A report's photos with "Blur parts of this photo" for whoever may (admins, and the department the
 * report is assigned to: the server decides, this only hides the buttons). The drawing dialog is its own
 * chunk, loaded when a button is pressed.
 */
export function PhotoRedaction({ post }: { post: Post }) {
  const ui = useLocalized(REDACTION_UI);
  const session = useSession();
  const govMe = useGovMe(session.role === 'government');
  const [open, setOpen] = useState<RedactablePhoto | null>(null);
  const allowed =
    session.role === 'admin' ||
    (session.role === 'government' && govMe.data?.isVerified === true && post.assignedGovernment !== null && post.assignedGovernment === (govMe.data.departmentId ?? session.id));
  const photos = [...post.images, ...(post.finalUpdate?.images ?? [])].filter((p): p is RedactablePhoto => typeof p._id === 'string' && 'thumbUrl' in p);
  if (!allowed || photos.length === 0) return null;
  return (
    <section className="card mt-6 p-4" aria-labelledby="photo-redaction-heading" data-testid="photo-redaction">
      <h2 id="photo-redaction-heading" className="text-lg font-semibold text-slate-900">
        {ui.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{ui.hint}</p>
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {photos.map((photo, i) => (
          <li key={photo._id} className="flex flex-col gap-2">
            <img src={photo.thumbUrl || photo.url} alt={ui.photoAlt(i + 1)} width={photo.width} height={photo.height} loading="lazy" className="aspect-[4/3] w-full rounded-lg bg-slate-100 object-cover" />
            <button type="button" className="btn-secondary text-sm" onClick={() => setOpen(photo)}>
              {photos.length > 1 ? ui.openNumbered(i + 1) : ui.open}
            </button>
          </li>
        ))}
      </ul>
      {open && (
        <Suspense fallback={null}>
          <RedactDialog postId={post._id} photo={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </section>
  );
}
