import { lazy, Suspense, useState } from 'react';
import { POST_CARD_UI } from '@civicpulse/shared';
import { Icon } from '../Icon';
import { useLocalized } from '../../i18n';

// The full-size view comes when a photo is first opened: every card of the feed's first paint has a grid.
const Lightbox = lazy(() => import('./Lightbox'));

export interface GridImage {
  url: string;
  thumbUrl?: string;
  width?: number;
  height?: number;
}

/**
 * Thumbnails in a grid; each opens the full-size picture in a dialog (Esc, the Close button or a click
 * outside closes it; arrow keys step through). The thumbnails carry width and height and sit in boxes of a
 * fixed ratio, so the card never jumps while they load. A single photo's box is also at most two thirds of
 * the screen's height (object-cover crops it), so one card never fills a phone.
 */
export function ImageGrid({ images, label, priority = false }: { images: GridImage[]; label?: string; priority?: boolean }) {
  const [open, setOpen] = useState<number | null>(null);
  const ui = useLocalized(POST_CARD_UI);
  if (images.length === 0) return null;
  const total = images.length;
  const cols = total === 1 ? 'grid-cols-1' : total === 2 || total === 4 ? 'grid-cols-2' : 'grid-cols-2 sm:grid-cols-3';
  return (
    <>
      <ul className={`grid gap-2 ${cols}`} aria-label={label}>
        {images.map((image, i) => (
          <li key={image.url}>
            <button
              type="button"
              className={`relative block w-full overflow-hidden rounded-xl bg-slate-100 ${total === 1 ? 'aspect-[16/9] max-h-[66vh]' : 'aspect-[4/3]'}`}
              onClick={() => setOpen(i)}
              aria-label={ui.openPhoto(i + 1, total)}
            >
              {/* Shown while the (lazy) photo loads; the photo covers it. */}
              <span className="absolute inset-0 flex items-center justify-center text-slate-400" aria-hidden="true">
                <Icon name="camera" className="h-8 w-8" />
              </span>
              <img
                src={image.thumbUrl || image.url}
                width={image.width || undefined}
                height={image.height || undefined}
                alt={ui.photoAlt(i + 1, total)}
                loading={priority && i === 0 ? 'eager' : 'lazy'}
                fetchPriority={priority && i === 0 ? 'high' : 'auto'}
                decoding="async"
                className="relative h-full w-full object-cover transition-transform hover:scale-[1.02]"
              />
            </button>
          </li>
        ))}
      </ul>
      {open !== null && (
        <Suspense fallback={null}>
          <Lightbox images={images} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
