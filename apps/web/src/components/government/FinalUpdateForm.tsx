import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { GOV_UI, LIMITS, POST_TEXTS } from '@civicpulse/shared';
import { useFinalUpdate } from '../../api/government';
import type { UploadProgress } from '../../api/upload';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];

interface Picked {
  file: File;
  preview: string;
  key: string;
}

export interface FinalUpdateFormProps {
  postId: string;
  /** The form's id: the card's 'Submit Final Update' button submits it from outside. */
  formId: string;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
  onCancel: () => void;
}

/** The checks the server makes, in its order, so the department hears them before uploading. */
export function checkFinalUpdate(caption: string, files: File[]): string | null {
  if (caption.trim() === '') return POST_TEXTS.finalCaptionRequired;
  if (caption.length > LIMITS.commentMaxChars) return POST_TEXTS.captionTooLong;
  if (files.length < 1) return POST_TEXTS.finalImagesRequired;
  if (files.length > LIMITS.imagesPerPostMax) return POST_TEXTS.tooManyImages;
  if (files.some((f) => !ACCEPTED.includes(f.type))) return POST_TEXTS.imageType;
  if (files.some((f) => f.size > LIMITS.imageMaxBytes)) return POST_TEXTS.imageTooLarge;
  return null;
}

/**
 * Spec 4: the final update opened by the first Advance click at Work Near Completion: a caption and 1–6
 * photos with previews; the upload shows a byte-progress bar. The card's main button submits it.
 */
export function FinalUpdateForm({ postId, formId, onBusyChange, onDone, onCancel }: FinalUpdateFormProps) {
  const captionId = useId();
  const imagesId = useId();
  const hintId = useId();
  const errorId = useId();
  const countId = useId();
  const [caption, setCaption] = useState('');
  const [picked, setPicked] = useState<Picked[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const captionInput = useRef<HTMLTextAreaElement>(null);
  const mutation = useFinalUpdate(setProgress);

  // Previews are object URLs: freed when a photo is removed or the form closes.
  const pickedRef = useRef(picked);
  pickedRef.current = picked;
  useEffect(() => () => pickedRef.current.forEach((p) => URL.revokeObjectURL(p.preview)), []);
  useEffect(() => onBusyChange(mutation.isPending), [mutation.isPending, onBusyChange]);
  useEffect(() => captionInput.current?.focus(), []);

  const addFiles = (files: FileList | null) => {
    if (!files) return;
    const next = [...picked];
    for (const file of Array.from(files)) {
      next.push({ file, preview: URL.createObjectURL(file), key: `${file.name}-${file.size}-${file.lastModified}-${Math.random()}` });
    }
    setPicked(next);
    setProblem(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const remove = (key: string) => {
    setPicked((list) => {
      const gone = list.find((p) => p.key === key);
      if (gone) URL.revokeObjectURL(gone.preview);
      return list.filter((p) => p.key !== key);
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const files = picked.map((p) => p.file);
    const issue = checkFinalUpdate(caption, files);
    if (issue) {
      setProblem(issue);
      toast.error(issue);
      return;
    }
    setProblem(null);
    setProgress(null);
    try {
      await mutation.mutateAsync({ postId, caption: caption.trim(), images: files });
      onDone();
    } catch {
      // the hook already showed the toast; a 401 already ended the session (uploadForm → notifyUnauthorized)
    } finally {
      setProgress(null);
    }
  };

  return (
    <form
      id={formId}
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={GOV_UI.finalFormTitle}
      className="space-y-4 rounded-xl border border-brand-200 bg-brand-50/60 p-4"
      data-testid="final-update-form"
    >
      <h4 className="text-base font-semibold text-slate-900">{GOV_UI.finalFormTitle}</h4>
      <div>
        <label htmlFor={captionId} className="field-label">
          {GOV_UI.finalCaption}
        </label>
        <textarea
          id={captionId}
          ref={captionInput}
          className="field-input min-h-24"
          placeholder={GOV_UI.finalCaptionPlaceholder}
          value={caption}
          maxLength={LIMITS.commentMaxChars}
          onChange={(e) => setCaption(e.target.value)}
          aria-invalid={problem === POST_TEXTS.finalCaptionRequired || undefined}
          aria-describedby={problem ? errorId : undefined}
        />
      </div>
      <div>
        <label htmlFor={imagesId} className="field-label">
          {GOV_UI.finalImages}
        </label>
        {/* The native control is hidden (its "No file chosen" would contradict the previews below); the
            button opens it and the count says what is attached. */}
        <input
          id={imagesId}
          ref={fileInput}
          type="file"
          multiple
          accept={ACCEPTED.join(',')}
          onChange={(e) => addFiles(e.target.files)}
          aria-describedby={hintId}
          tabIndex={-1}
          className="sr-only"
        />
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            className="btn-secondary px-3 py-2"
            onClick={() => fileInput.current?.click()}
            disabled={mutation.isPending}
            aria-describedby={`${hintId} ${countId}`}
          >
            <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
              <path d="M12 5v14M5 12h14" />
            </svg>
            {GOV_UI.addPhotos}
          </button>
          <span id={countId} className="text-sm text-slate-700" aria-live="polite">
            {GOV_UI.photosChosen(picked.length)}
          </span>
        </div>
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {GOV_UI.finalImagesHint}
        </p>
        {picked.length > 0 && (
          <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-6" data-testid="final-previews">
            {picked.map((p) => (
              <li key={p.key} className="relative">
                <img src={p.preview} alt={p.file.name} className="aspect-square w-full rounded-lg object-cover" />
                <button
                  type="button"
                  onClick={() => remove(p.key)}
                  aria-label={GOV_UI.removeImage(p.file.name)}
                  disabled={mutation.isPending}
                  className="absolute top-1 right-1 grid h-7 w-7 place-items-center rounded-full bg-slate-900/80 text-white hover:bg-slate-900"
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
      {progress && (
        <div>
          <p className="mb-1 text-sm text-slate-700" id={`${formId}-progress`}>
            {GOV_UI.uploading(progress.percent)}
          </p>
          <progress
            className="h-2 w-full overflow-hidden rounded-full accent-brand-700"
            max={100}
            value={progress.percent}
            aria-labelledby={`${formId}-progress`}
          />
        </div>
      )}
      {problem && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      <button type="button" className="btn-ghost px-3 py-2" onClick={onCancel} disabled={mutation.isPending}>
        {GOV_UI.cancel}
      </button>
    </form>
  );
}
