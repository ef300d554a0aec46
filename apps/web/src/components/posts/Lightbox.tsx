import { useEffect, useRef } from 'react';
import { POST_UI } from '@civicpulse/shared';
import { useLocalized } from '../../i18n';
import type { GridImage } from './ImageGrid';

/** ImageGrid's full-size view of one photo in a modal dialog (Esc, Close or a click outside closes it; arrow keys step through). */
export default function Lightbox({
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
