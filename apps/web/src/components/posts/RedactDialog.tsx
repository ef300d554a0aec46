import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REDACTION_LIMITS, REDACTION_TEXTS, REDACTION_UI, type RedactionBox } from '@civicpulse/shared';
import { call, errorMessage } from '../../api/client';
import { patchPostEverywhere, postKeys } from '../../api/posts';
import { localized, useLocalized } from '../../i18n';
import toast from '../../toast';
import { Modal } from '../Modal';
import type { RedactablePhoto } from './PhotoRedaction';

interface Box extends RedactionBox {
  key: number;
}

/** One arrow press moves (or, with Shift, resizes) a box by 1% of the photo. */
const STEP = 0.01;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Keeps a box inside the photo and at least the server's minimum size. */
function fit(b: Box): Box {
  const w = clamp(b.w, REDACTION_LIMITS.minSide, 1);
  const h = clamp(b.h, REDACTION_LIMITS.minSide, 1);
  return { ...b, w, h, x: clamp(b.x, 0, 1 - w), y: clamp(b.y, 0, 1 - h) };
}

/** Fractions to send, rounded (4 decimals: a tenth of a pixel on a 1600 px photo) so they stay inside 0..1. */
const wire = (b: Box): RedactionBox => {
  const r = (v: number) => Math.round(v * 10_000) / 10_000;
  const w = r(b.w);
  const h = r(b.h);
  return { x: Math.min(r(b.x), 1 - w), y: Math.min(r(b.y), 1 - h), w, h };
};

type Drag = { kind: 'draw'; key: number; x0: number; y0: number } | { kind: 'move'; key: number; dx: number; dy: number };

/**
 * The redaction dialog (its own chunk): the photo, on which the pointer (mouse, pen or finger) drags out
 * boxes to blur or drags a box to move it; a focused box moves with the arrow keys and changes size
 * with Shift and the arrow keys, Delete removes it; "Add box" puts one in the middle. Saving sends the
 * boxes as fractions of the photo; the server answers the blurred photo's new URLs.
 */
export default function RedactDialog({ postId, photo, onClose }: { postId: string; photo: RedactablePhoto; onClose: () => void }) {
  const ui = useLocalized(REDACTION_UI);
  const client = useQueryClient();
  const [boxes, setBoxes] = useState<Box[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const nextKey = useRef(1);
  const area = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const boxRefs = useRef(new Map<number, HTMLDivElement>());
  const [focusKey, setFocusKey] = useState<number | null>(null);

  useEffect(() => {
    if (focusKey !== null) boxRefs.current.get(focusKey)?.focus();
  }, [focusKey]);

  const save = useMutation({
    mutationFn: () => call('POST /api/posts/post/:id/images/:imageId/redact', { params: { id: postId, imageId: photo._id }, body: { boxes: boxes.map(wire) } }),
    onSuccess: ({ message, image }) => {
      toast.success(message);
      const swap = (list: RedactablePhoto[]) => list.map((i) => (i._id === photo._id ? { ...i, ...image } : i));
      patchPostEverywhere(client, postId, (p) => ({
        ...p,
        images: swap(p.images as RedactablePhoto[]),
        finalUpdate: p.finalUpdate ? { ...p.finalUpdate, images: swap(p.finalUpdate.images as RedactablePhoto[]) } : null,
      }));
      void client.invalidateQueries({ queryKey: postKeys.post(postId) });
      void forgetCached([photo.url, photo.thumbUrl]);
      onClose();
    },
    onError: (error) => setProblem(errorMessage(error, localized(REDACTION_UI).failed)),
  });

  /** Where a pointer is, as fractions of the photo. */
  const at = (event: PointerEvent) => {
    const rect = area.current!.getBoundingClientRect();
    return { x: clamp((event.clientX - rect.left) / rect.width, 0, 1), y: clamp((event.clientY - rect.top) / rect.height, 0, 1) };
  };
  const update = (key: number, change: (b: Box) => Box) => setBoxes((list) => list.map((b) => (b.key === key ? change(b) : b)));

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || save.isPending) return;
    event.preventDefault();
    area.current?.setPointerCapture(event.pointerId);
    const p = at(event);
    const hit = (event.target as HTMLElement).closest<HTMLElement>('[data-box]');
    const key = hit ? Number(hit.dataset.box) : null;
    const existing = key !== null ? boxes.find((b) => b.key === key) : undefined;
    if (existing) {
      drag.current = { kind: 'move', key: existing.key, dx: p.x - existing.x, dy: p.y - existing.y };
      setFocusKey(existing.key);
      boxRefs.current.get(existing.key)?.focus();
      return;
    }
    if (boxes.length >= REDACTION_LIMITS.maxBoxes) return setProblem(localized(REDACTION_TEXTS).tooManyBoxes);
    const k = nextKey.current++;
    drag.current = { kind: 'draw', key: k, x0: p.x, y0: p.y };
    setBoxes((list) => [...list, { key: k, x: p.x, y: p.y, w: 0, h: 0 }]);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    const p = at(event);
    if (d.kind === 'draw') update(d.key, (b) => ({ ...b, x: Math.min(d.x0, p.x), y: Math.min(d.y0, p.y), w: Math.abs(p.x - d.x0), h: Math.abs(p.y - d.y0) }));
    else update(d.key, (b) => fit({ ...b, x: p.x - d.dx, y: p.y - d.dy }));
  };
  const onPointerUp = () => {
    const d = drag.current;
    drag.current = null;
    if (d?.kind !== 'draw') return;
    setProblem(null);
    // A tap or a tiny drag is not a box.
    setBoxes((list) => list.filter((b) => b.key !== d.key || (b.w >= REDACTION_LIMITS.minSide && b.h >= REDACTION_LIMITS.minSide)));
  };

  const add = () => {
    if (boxes.length >= REDACTION_LIMITS.maxBoxes) return setProblem(localized(REDACTION_TEXTS).tooManyBoxes);
    const k = nextKey.current++;
    setBoxes((list) => [...list, { key: k, x: 0.4, y: 0.4, w: 0.2, h: 0.2 }]);
    setProblem(null);
    setFocusKey(k);
  };
  const remove = (key: number) => setBoxes((list) => list.filter((b) => b.key !== key));

  const onBoxKey = (key: number, event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, [number, number]> = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] };
    const m = moves[event.key];
    if (m) {
      event.preventDefault();
      update(key, (b) => fit(event.shiftKey ? { ...b, w: b.w + m[0], h: b.h + m[1] } : { ...b, x: b.x + m[0], y: b.y + m[1] }));
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      remove(key);
    }
  };

  const submit = () => {
    if (boxes.length === 0) return setProblem(localized(REDACTION_TEXTS).boxesRequired);
    setProblem(null);
    save.mutate();
  };

  return (
    <Modal labelledBy="redact-title" describedBy="redact-help" onClose={onClose} busy={save.isPending} size="lg">
      <div className="p-4 sm:p-5" data-testid="redact-dialog">
        <h2 id="redact-title" className="text-lg font-semibold text-slate-900">
          {ui.dialogTitle}
        </h2>
        <p id="redact-help" className="mt-1 text-sm text-slate-600">
          {ui.instructions}
        </p>
        <div className="mt-3 flex justify-center">
          <div
            ref={area}
            className="relative inline-block cursor-crosshair touch-none select-none"
            data-testid="redact-area"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
          >
            <img src={photo.url} alt={ui.photoAlt(1)} width={photo.width} height={photo.height} draggable={false} className="block h-auto max-h-[55dvh] w-auto max-w-full rounded-lg" />
            {boxes.map((b, i) => (
              <div
                key={b.key}
                ref={(node) => {
                  if (node) boxRefs.current.set(b.key, node);
                  else boxRefs.current.delete(b.key);
                }}
                data-box={b.key}
                role="group"
                tabIndex={0}
                aria-label={ui.box(i + 1)}
                onKeyDown={(event) => onBoxKey(b.key, event)}
                className="absolute cursor-move border-2 border-amber-400 bg-slate-900/45 outline-none focus-visible:ring-4 focus-visible:ring-brand-600 focus-visible:ring-offset-1"
                style={{ left: `${b.x * 100}%`, top: `${b.y * 100}%`, width: `${b.w * 100}%`, height: `${b.h * 100}%` }}
              >
                <span className="absolute left-0 top-0 rounded-br bg-amber-400 px-1 text-xs font-bold text-slate-900" aria-hidden="true">
                  {i + 1}
                </span>
              </div>
            ))}
          </div>
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <button type="button" className="btn-secondary" onClick={add} disabled={save.isPending}>
            {ui.addBox}
          </button>
          <span className="text-sm text-slate-700" aria-live="polite">
            {ui.boxCount(boxes.length)}
          </span>
        </div>
        {boxes.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-2">
            {boxes.map((b, i) => (
              <li key={b.key}>
                <button type="button" className="btn-ghost text-sm" onClick={() => remove(b.key)} disabled={save.isPending}>
                  {ui.removeBox(i + 1)}
                </button>
              </li>
            ))}
          </ul>
        )}
        {problem && (
          <p className="mt-3 text-sm text-red-700" role="alert">
            {problem}
          </p>
        )}
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose} disabled={save.isPending}>
            {ui.cancel}
          </button>
          <button type="button" className="btn-primary" onClick={submit} disabled={save.isPending} data-testid="redact-save">
            {save.isPending ? ui.saving : ui.save}
          </button>
        </div>
      </div>
    </Modal>
  );
}

/** The service worker keeps photos cache-first (sw.ts): the old files are gone, so are their cached copies. */
async function forgetCached(urls: string[]): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      await Promise.all(urls.map((u) => cache.delete(u)));
    }
  } catch {
    // Storage blocked (private mode): nothing was cached either.
  }
}
