import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import toast from '../../toast';
import { CREATE_POST_UI, GOV_UI, IMAGE_MIME_TYPES, LIMITS, POST_TEXTS, validateFinalUpdate } from '@civicpulse/shared';
import { useFinalUpdate } from '../../api/government';
import type { UploadProgress } from '../../api/upload';
import { TextAreaField } from '../form/Field';
import { PhotoPicker, usePickedPhotos } from '../posts/PhotoPicker';
import { useHeldSubmit } from '../posts/useHeldSubmit';
import { localized, useLocalized } from '../../i18n';
import { localizeMessage } from '../../i18n/message';

const ACCEPTED: readonly string[] = IMAGE_MIME_TYPES;

export interface FinalUpdateFormProps {
  postId: string;
  /** The form's id: the card's 'Submit Final Update' button submits it from outside. */
  formId: string;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
  onCancel: () => void;
}

/** The checks the server makes, in its order, so the department hears them before uploading (in the current language). */
export function checkFinalUpdate(caption: string, files: File[]): string | null {
  const problem = validateFinalUpdate(caption, files.length);
  if (problem) return localizeMessage(problem, POST_TEXTS);
  const texts = localized(POST_TEXTS);
  if (files.some((f) => !ACCEPTED.includes(f.type))) return texts.imageType;
  if (files.some((f) => f.size > LIMITS.imageMaxBytes)) return texts.imageTooLarge;
  return null;
}

/**
 * Spec 4: the final update opened by the first Advance click at Work Near Completion: a caption and 1–6
 * photos with previews; the upload shows a byte-progress bar. The card's main button submits it.
 */
export function FinalUpdateForm({ postId, formId, onBusyChange, onDone, onCancel }: FinalUpdateFormProps) {
  const captionId = useId();
  const imagesId = useId();
  const errorId = useId();
  const [caption, setCaption] = useState('');
  const { photos: picked, add: addPhotos, remove: removePhoto } = usePickedPhotos();
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const captionInput = useRef<HTMLTextAreaElement>(null);
  const mutation = useFinalUpdate(setProgress);
  const ui = useLocalized(GOV_UI);
  const postTexts = useLocalized(POST_TEXTS);
  const createUi = useLocalized(CREATE_POST_UI);
  // Submit pressed while photos are still being resized waits for them ("Preparing photos…").
  const { onPreparing, held, hold } = useHeldSubmit(() => void send());

  useEffect(() => onBusyChange(mutation.isPending), [mutation.isPending, onBusyChange]);
  useEffect(() => captionInput.current?.focus(), []);

  // Previews are object URLs: usePickedPhotos frees them when a photo is removed or the form closes.
  const add = (files: File[]) => {
    addPhotos(files);
    setProblem(null);
  };

  const reject = (message: string) => {
    setProblem(message);
    toast.error(message);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    if (hold()) {
      setProblem(null);
      return;
    }
    void send();
  };

  const send = async () => {
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
      onSubmit={submit}
      noValidate
      aria-label={ui.finalFormTitle}
      className="space-y-4 rounded-xl border border-brand-200 bg-brand-50/60 p-4"
      data-testid="final-update-form"
    >
      <h4 className="text-base font-semibold text-slate-900">{ui.finalFormTitle}</h4>
      <TextAreaField
        id={captionId}
        ref={captionInput}
        label={ui.finalCaption}
        inputClassName="min-h-24"
        placeholder={ui.finalCaptionPlaceholder}
        value={caption}
        maxLength={LIMITS.commentMaxChars}
        onChange={(e) => setCaption(e.target.value)}
        aria-invalid={problem === postTexts.finalCaptionRequired || undefined}
        aria-describedby={problem ? errorId : undefined}
      />
      <PhotoPicker
        id={imagesId}
        label={ui.finalImages}
        hint={ui.finalImagesHint}
        photos={picked}
        onAdd={add}
        onRemove={removePhoto}
        onReject={reject}
        onPreparing={onPreparing}
        disabled={mutation.isPending}
        testId="final-previews"
      />
      {held && (
        <p className="text-sm font-medium text-slate-700" role="status" data-testid="final-held">
          {createUi.preparingPhotos}
        </p>
      )}
      {progress && (
        <div>
          <p className="mb-1 text-sm text-slate-700" id={`${formId}-progress`}>
            {ui.uploading(progress.percent)}
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
        {ui.cancel}
      </button>
    </form>
  );
}
