import { useEffect, useRef, useState } from 'react';
import { POST_UI } from '@civicpulse/shared';
import { Icon } from '../Icon';
import { useLocalized } from '../../i18n';

export interface GridImage {
  url: string;
  thumbUrl?: string;
  width?: number;
  height?: number;
}

/**
 * Thumbnails in a grid; each opens the full-size picture in a dialog (Esc, the Close button or a click
 * outside closes it; arrow keys step through). The thumbnails carry width and height and sit in boxes of a
 * fixed ratio, so the card never jumps while they load.
 */
export function ImageGrid({ images, label, priority = false }: { images: GridImage[]; label?: string; priority?: boolean }) {
  const [open, setOpen] = useState<number | null>(null);
  const ui = useLocalized(POST_UI);
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
              className={`relative block w-full overflow-hidden rounded-xl bg-slate-100 ${total === 1 ? 'aspect-[16/9]' : 'aspect-[4/3]'}`}
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
      {open !== null && <Lightbox images={images} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />}
    </>
  );
}

function Lightbox({
  images,
  index,
  onIndex,
  onClose,
}: {
  images: GridImage[];
  index: number;
  onIndex: (i: number) => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const ui = useLocalized(POST_UI);
  const total = images.length;
  const image = images[index];

  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    // Unmounting removes the dialog from the top layer; closing it here would fire onClose again.
    if (!node.open) node.showModal();
  }, []);

  if (!image) return null;
  const step = (delta: number) => onIndex((index + delta + total) % total);

  return (
    <dialog
      ref={dialog}
      aria-label={ui.photoAlt(index + 1, total)}
      className="m-auto max-h-[95vh] max-w-[95vw] overflow-visible bg-transparent p-0 backdrop:bg-slate-950/85"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={(event) => {
        if (total > 1 && event.key === 'ArrowRight') step(1);
        if (total > 1 && event.key === 'ArrowLeft') step(-1);
      }}
    >
      <figure className="relative">
        <img
          src={image.url}
          width={image.width || undefined}
          height={image.height || undefined}
          alt={ui.photoAlt(index + 1, total)}
          className="h-auto max-h-[85vh] w-auto max-w-[95vw] rounded-lg object-contain"
        />
        <div className="mt-3 flex items-center justify-center gap-3">
          {total > 1 && (
            <button type="button" className="btn bg-white/90 text-slate-900 hover:bg-white" onClick={() => step(-1)}>
              {ui.previousPhoto}
            </button>
          )}
          <button type="button" className="btn bg-white text-slate-900 hover:bg-slate-100" onClick={onClose} autoFocus>
            {ui.closePhoto}
          </button>
          {total > 1 && (
            <button type="button" className="btn bg-white/90 text-slate-900 hover:bg-white" onClick={() => step(1)}>
              {ui.nextPhoto}
            </button>
          )}
        </div>
        {total > 1 && (
          <figcaption className="mt-2 text-center text-sm text-white">{ui.photoAlt(index + 1, total)}</figcaption>
        )}
      </figure>
    </dialog>
  );
}
