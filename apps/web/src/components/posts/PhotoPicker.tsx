import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { IMAGE_MIME_TYPES, LIMITS, POST_TEXTS } from '@civicpulse/shared';
import { useLocalized, useTranslation } from '../../i18n';
import { preparePhotos } from '../../lib/resizeImage';
import { FieldError, type FieldProblem } from '../useFormProblem';

/** One chosen photo: the file to upload and its object-URL preview. */
export interface PickedPhoto {
  key: string;
  file: File;
  preview: string;
}

const ACCEPTED: readonly string[] = IMAGE_MIME_TYPES;

/**
 * The chosen photos and their previews. The object URLs are created here and freed here: on remove, on
 * clear and when the owner unmounts.
 */
export function usePickedPhotos() {
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const photosRef = useRef(photos);
  useEffect(() => {
    photosRef.current = photos;
  }, [photos]);
  useEffect(() => () => photosRef.current.forEach((p) => URL.revokeObjectURL(p.preview)), []);

  const add = useCallback((files: File[]) => {
    if (files.length === 0) return;
    const added = files.map((file) => ({
      file,
      preview: URL.createObjectURL(file),
      key: `${file.name}-${file.size}-${file.lastModified}-${Math.random()}`,
    }));
    photosRef.current = [...photosRef.current, ...added];
    setPhotos(photosRef.current);
  }, []);

  const remove = useCallback((key: string) => {
    const gone = photosRef.current.find((p) => p.key === key);
    if (!gone) return;
    URL.revokeObjectURL(gone.preview);
    photosRef.current = photosRef.current.filter((p) => p.key !== key);
    setPhotos(photosRef.current);
  }, []);

  const clear = useCallback(() => {
    photosRef.current.forEach((p) => URL.revokeObjectURL(p.preview));
    photosRef.current = [];
    setPhotos([]);
  }, []);

  return { photos, add, remove, clear };
}

export interface PhotoPickerProps {
  /** The file input's id: the visible label points at it, so `getByLabel(label)` finds the input. */
  id?: string;
  label: string;
  hint: string;
  photos: PickedPhoto[];
  /** Called with the files that passed the type, count and size checks, already resized (lib/resizeImage). */
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
  /** Called once per distinct reason some picked files were refused. */
  onReject?: (message: string) => void;
  disabled?: boolean;
  max?: number;
  /** data-testid of the preview list. */
  testId?: string;
  /** The form's problem with the photos (none chosen, too many), shown under the picker. */
  problem?: FieldProblem;
  /** Told how many picked photos are still being resized (0: all arrived), so a form can hold its submit. */
  onPreparing?: (count: number) => void;
}

/**
 * A photo picker: an 'Add photos' button opening a visually hidden file input (its native "No file
 * chosen" would contradict the previews), a polite live count, the hint, and previews with a remove
 * button each. Controlled: the owner keeps the photos (see usePickedPhotos).
 *
 * Picked photos are resized here, before the owner sees them (issue 17 item 8): previews, drafts and
 * uploads all hold the small file. The size cap applies to the resized file, so a 12 MB phone photo
 * is welcome; a file the browser cannot decode is passed on as picked and the server judges it.
 */
export function PhotoPicker({
  id,
  label,
  hint,
  photos,
  onAdd,
  onRemove,
  onReject,
  disabled = false,
  max = LIMITS.imagesPerPostMax,
  testId,
  problem,
  onPreparing,
}: PhotoPickerProps) {
  const { t } = useTranslation('create');
  const texts = useLocalized(POST_TEXTS);
  const ownId = useId();
  const inputId = id ?? ownId;
  const hintId = `${inputId}-hint`;
  const countId = `${inputId}-count`;
  const fileInput = useRef<HTMLInputElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // Photos being resized: they count against `max` until they arrive.
  const [preparing, setPreparing] = useState(0);
  const pending = useRef(0);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = ''; // so picking the same file again still fires a change
    const chosen: File[] = [];
    const problems = new Set<string>();
    for (const file of picked) {
      if (!ACCEPTED.includes(file.type)) {
        problems.add(texts.imageType);
      } else if (photos.length + pending.current + chosen.length >= max) {
        problems.add(texts.tooManyImages);
      } else {
        chosen.push(file);
      }
    }
    problems.forEach((message) => onReject?.(message));
    if (chosen.length === 0) return;
    pending.current += chosen.length;
    setPreparing(pending.current);
    onPreparing?.(pending.current);
    void preparePhotos(chosen)
      .catch(() => chosen) // never expected (resizePhoto answers the original on failure); the server checks anyway
      .then((ready) => {
        pending.current -= chosen.length;
        if (!mounted.current) return; // the form went away meanwhile: nothing to add to
        setPreparing(pending.current);
        onPreparing?.(pending.current);
        const fitting = ready.filter((file) => file.size <= LIMITS.imageMaxBytes);
        if (fitting.length) onAdd(fitting);
        if (fitting.length < ready.length) onReject?.(texts.imageTooLarge);
      });
  };

  const remove = (key: string) => {
    onRemove(key);
    addButton.current?.focus(); // the removed button is gone: keep keyboard users in the field
  };

  return (
    <div>
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      <input
        id={inputId}
        ref={fileInput}
        type="file"
        multiple
        accept={ACCEPTED.join(',')}
        onChange={pick}
        disabled={disabled}
        aria-describedby={hintId}
        tabIndex={-1}
        className="sr-only"
      />
      <div className="flex flex-wrap items-center gap-3">
        <button
          ref={addButton}
          type="button"
          className="btn-secondary px-3 py-2"
          onClick={() => fileInput.current?.click()}
          disabled={disabled}
          aria-describedby={`${hintId} ${countId}${problem?.invalid ? ` ${problem.errorId}` : ''}`}
          data-invalid={problem?.invalid || undefined}
        >
          <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
            <path d="M12 5v14M5 12h14" />
          </svg>
          {t('photos.add')}
        </button>
        <span id={countId} className="text-sm text-slate-700" aria-live="polite">
          {preparing > 0 ? t('photos.preparing', { count: preparing }) : t('photos.chosen', { count: photos.length })}
        </span>
      </div>
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {hint}
      </p>
      {problem && <FieldError problem={problem} />}
      {photos.length > 0 && (
        <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-6" aria-label={t('photos.attached')} data-testid={testId}>
          {photos.map((p, i) => (
            <li key={p.key} className="relative">
              <img
                src={p.preview}
                alt={t('photos.previewAlt', { index: i + 1, total: photos.length, name: p.file.name })}
                className="aspect-square w-full rounded-lg border border-slate-200 object-cover"
              />
              <button
                type="button"
                onClick={() => remove(p.key)}
                aria-label={t('photos.remove', { name: p.file.name })}
                disabled={disabled}
                className="absolute top-1 right-1 grid h-7 w-7 place-items-center rounded-full bg-slate-900/80 text-white hover:bg-slate-900 disabled:opacity-60"
              >
                <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true" focusable="false">
                  <path d="M6 6l12 12M18 6 6 18" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
