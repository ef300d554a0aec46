import { useId, useRef, useState, type FormEvent } from 'react';
import toast from '../../toast';
import { CREATE_POST_UI, LIMITS, MY_POSTS_UI, RATINGS, RATING_TEXTS, REOPEN_UI, SERVICE_LEVEL_LIMITS, validateReason, type Post, type Rating } from '@civicpulse/shared';
import { useLocalized, useTranslation } from '../../i18n';
import { localizeProblem } from '../posts/postProblems';
import { FinalProof } from '../timeline';
import { useRejectResolution, useVerifyPost } from '../../api/myPosts';
import { ConfirmDialog } from '../ConfirmDialog';
import { TextAreaField } from '../form/Field';
import { FormActions } from '../form/FormActions';
import { PhotoPicker, usePickedPhotos } from '../posts/PhotoPicker';
import { useHeldSubmit } from '../posts/useHeldSubmit';

/**
 * The reporter's verdict on a post in 'Waiting for User Verification' (spec 2.10, 4): the department's proof,
 * then 'Verify completion' (Finished, Resolved) or 'Not fixed yet' with a required reason (back to Work
 * Started, the reason recorded for the department).
 */
export function VerifyResolution({ post }: { post: Post }) {
  const ui = useLocalized(MY_POSTS_UI);
  const reopen = useLocalized(REOPEN_UI);
  const ratingTexts = useLocalized(RATING_TEXTS);
  const { t } = useTranslation('posts');
  const headingId = useId();
  const reasonId = useId();
  const verify = useVerifyPost();
  const reject = useRejectResolution();
  const [rejecting, setRejecting] = useState(false);
  // Verifying closes the issue for good, so it asks first.
  const [confirmingVerify, setConfirmingVerify] = useState(false);
  const [reason, setReason] = useState('');
  // Issue 16: an optional rating of the fix, sent with the confirmation.
  const [rating, setRating] = useState<Rating | null>(null);
  const [ratingComment, setRatingComment] = useState('');
  const ratingCommentId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  // "Not fixed yet" may carry photos of what is still wrong (sent as a form).
  const reopenPhotos = usePickedPhotos();
  const reasonInput = useRef<HTMLTextAreaElement>(null);
  const notFixedButton = useRef<HTMLButtonElement>(null);
  const busy = verify.isPending || reject.isPending;
  // "Not fixed yet" pressed while its photos are still being resized waits for them.
  const { onPreparing, held, hold } = useHeldSubmit(() => sendReason());
  const createUi = useLocalized(CREATE_POST_UI);

  const openReason = () => {
    setRejecting(true);
    // The form mounts on this render; focus it on the next frame.
    requestAnimationFrame(() => reasonInput.current?.focus());
  };

  const closeReason = () => {
    setRejecting(false);
    setReason('');
    reopenPhotos.clear();
    setProblem(null);
    requestAnimationFrame(() => notFixedButton.current?.focus());
  };

  const submitReason = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (hold()) {
      setProblem(null);
      return;
    }
    sendReason();
  };

  const sendReason = () => {
    const check = validateReason(reason);
    if (check) {
      const text = localizeProblem(check);
      setProblem(text);
      toast.error(text);
      reasonInput.current?.focus();
      return;
    }
    setProblem(null);
    reject.mutate({ id: post._id, reason: reason.trim(), photos: reopenPhotos.photos.map((p) => p.file) });
  };

  return (
    <div className="space-y-3" data-testid="verify-resolution">
      <FinalProof post={post} />
      <section aria-labelledby={headingId} className="rounded-xl border border-amber-300 bg-amber-50 p-4">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          {ui.verdictHeading}
        </h3>
        <p className="mt-0.5 text-sm text-slate-700">{ui.verdictIntro}</p>

        {!rejecting ? (
          <div className="mt-4 flex flex-col gap-2 sm:flex-row">
            <button
              type="button"
              className="btn bg-green-700 text-white hover:bg-green-800"
              onClick={() => setConfirmingVerify(true)}
              disabled={busy}
              aria-busy={verify.isPending}
            >
              {verify.isPending ? ui.verifying : ui.verify}
            </button>
            <button ref={notFixedButton} type="button" className="btn-secondary" onClick={openReason} disabled={busy}>
              {ui.notFixed}
            </button>
          </div>
        ) : (
          <form className="mt-4" onSubmit={submitReason} noValidate>
            <TextAreaField
              ref={reasonInput}
              id={reasonId}
              label={ui.reasonLabel}
              hint={ui.reasonHint}
              problem={{ invalid: Boolean(problem), error: problem ?? undefined, errorId: `${reasonId}-error` }}
              inputClassName="min-h-24"
              rows={3}
              required
              maxLength={LIMITS.commentMaxChars}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') {
                  e.stopPropagation();
                  closeReason();
                }
              }}
              placeholder={ui.reasonPlaceholder}
            />
            <div className="mt-3">
              <PhotoPicker
                label={reopen.reopenPhotos}
                hint={reopen.reopenPhotosHint}
                photos={reopenPhotos.photos}
                onAdd={reopenPhotos.add}
                onRemove={reopenPhotos.remove}
                onReject={(message) => toast.error(message)}
                onPreparing={onPreparing}
                disabled={busy}
                testId="reopen-photos"
              />
              {held && (
                <p className="mt-2 text-sm font-medium text-slate-700" role="status" data-testid="reopen-held">
                  {createUi.preparingPhotos}
                </p>
              )}
            </div>
            <FormActions
              className="mt-3 flex flex-col-reverse gap-2 sm:flex-row"
              cancelLabel={ui.cancel}
              onCancel={closeReason}
              actionLabel={ui.sendReason}
              busyLabel={ui.sendingReason}
              busy={busy}
              pending={reject.isPending}
            />
          </form>
        )}
      </section>
      {confirmingVerify && (
        <ConfirmDialog
          title={ui.verifyHeading}
          confirmLabel={ui.verify}
          busyLabel={ui.verifying}
          busy={verify.isPending}
          onConfirm={() =>
            verify.mutate(
              { id: post._id, rating: rating ? { rating, comment: ratingComment } : undefined },
              { onSettled: () => setConfirmingVerify(false) },
            )
          }
          onCancel={() => setConfirmingVerify(false)}
        >
          <p>{ui.verifyBody}</p>
          <fieldset className="mt-4" data-testid="rating">
            <legend className="field-label">{ratingTexts.question}</legend>
            <div className="mt-1 flex flex-wrap gap-2">
              {RATINGS.map((r) => (
                <label
                  key={r}
                  className={`inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 ${
                    rating === r ? 'border-brand-600 bg-brand-50 font-medium text-brand-800' : 'border-slate-300 text-slate-700'
                  }`}
                >
                  <input
                    type="radio"
                    name="fix-rating"
                    value={r}
                    className="accent-brand-700"
                    checked={rating === r}
                    onChange={() => setRating(r)}
                    disabled={verify.isPending}
                  />
                  {t(`rating.${r}`)}
                </label>
              ))}
            </div>
          </fieldset>
          {rating && (
            <TextAreaField
              id={ratingCommentId}
              label={ratingTexts.comment}
              className="mt-3"
              inputClassName="min-h-20"
              rows={2}
              maxLength={SERVICE_LEVEL_LIMITS.ratingCommentMaxChars}
              value={ratingComment}
              onChange={(e) => setRatingComment(e.target.value)}
              disabled={verify.isPending}
            />
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}
