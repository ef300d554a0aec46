import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { IMAGE_MIME_TYPES, LIMITS, POST_TEXTS, POST_UI } from '@civicpulse/shared';
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
  /** Called with the files that passed the type, size and count checks. */
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
}

/**
 * A photo picker: an 'Add photos' button opening a visually hidden file input (its native "No file
 * chosen" would contradict the previews), a polite live count, the hint, and previews with a remove
 * button each. Controlled: the owner keeps the photos (see usePickedPhotos).
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
}: PhotoPickerProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const hintId = `${inputId}-hint`;
  const countId = `${inputId}-count`;
  const fileInput = useRef<HTMLInputElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = ''; // so picking the same file again still fires a change
    const accepted: File[] = [];
    const problems = new Set<string>();
    for (const file of picked) {
      if (!ACCEPTED.includes(file.type)) {
        problems.add(POST_TEXTS.imageType);
      } else if (file.size > LIMITS.imageMaxBytes) {
        problems.add(POST_TEXTS.imageTooLarge);
      } else if (photos.length + accepted.length >= max) {
        problems.add(POST_TEXTS.tooManyImages);
      } else {
        accepted.push(file);
      }
    }
    if (accepted.length) onAdd(accepted);
    problems.forEach((message) => onReject?.(message));
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
          {POST_UI.addPhotos}
        </button>
        <span id={countId} className="text-sm text-slate-700" aria-live="polite">
          {POST_UI.photosChosen(photos.length)}
        </span>
      </div>
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {hint}
      </p>
      {problem && <FieldError problem={problem} />}
      {photos.length > 0 && (
        <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-6" aria-label={POST_UI.attachedPhotos} data-testid={testId}>
          {photos.map((p, i) => (
            <li key={p.key} className="relative">
              <img
                src={p.preview}
                alt={POST_UI.photoPreviewAlt(p.file.name, i + 1, photos.length)}
                className="aspect-square w-full rounded-lg border border-slate-200 object-cover"
              />
              <button
                type="button"
                onClick={() => remove(p.key)}
                aria-label={POST_UI.removeImage(p.file.name)}
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
