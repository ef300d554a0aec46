import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DUPLICATE_LIMITS, DUPLICATE_TEXTS, DUPLICATE_UI, TEXTS, type Post } from '@civicpulse/shared';
import { call, errorMessage } from '../../api/client';
import { useGovMe } from '../../api/government';
import { postKeys } from '../../api/posts';
import { localized, useLocalized } from '../../i18n';
import { useSession } from '../../session/useSession';
import toast from '../../toast';
import { ConfirmDialog } from '../ConfirmDialog';
import { Modal } from '../Modal';
import { Field } from '../form/Field';
import { FormActions } from '../form/FormActions';
import { useFormProblem } from '../useFormProblem';

/** Marks and un-marks change both reports (votes, followers, timelines): every cached copy is read again. */
function useDuplicateMutation<V>(fn: (vars: V) => Promise<{ message: string; post: Post }>, onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: ({ message, post }) => {
      client.setQueryData(postKeys.post(post._id), post);
      void client.invalidateQueries({ queryKey: postKeys.all });
      toast.success(message);
      onDone();
    },
    onError: (error) => toast.error(errorMessage(error, localized(TEXTS).http.internal)),
  });
}

/** The original's reference number or link, then confirm; the server's refusals show under the field. */
function MarkDialog({ postId, onClose }: { postId: string; onClose: () => void }) {
  const ui = useLocalized(DUPLICATE_UI);
  const titleId = useId();
  const introId = useId();
  const [original, setOriginal] = useState('');
  const problem = useFormProblem<'original'>();
  const mark = useDuplicateMutation(
    (originalId: string) => call('POST /api/posts/post/:id/duplicate', { params: { id: postId }, body: { originalId } }),
    onClose,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mark.isPending) return;
    if (!original.trim()) return problem.report(localized(DUPLICATE_TEXTS).originalRequired, ['original']);
    problem.clear();
    mark.mutate(original.trim(), { onError: (error) => problem.report(errorMessage(error, localized(TEXTS).http.internal), ['original']) });
  };

  return (
    <Modal labelledBy={titleId} describedBy={introId} onClose={onClose} busy={mark.isPending}>
      <form ref={problem.formRef} className="p-5 sm:p-6" onSubmit={submit} noValidate data-testid="duplicate-form">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {ui.dialogTitle}
        </h2>
        <p id={introId} className="mt-1 text-sm text-slate-700">
          {ui.dialogIntro}
        </p>
        <Field
          label={ui.originalLabel}
          hint={ui.originalHint}
          className="mt-4"
          name="original"
          autoComplete="off"
          spellCheck={false}
          required
          maxLength={DUPLICATE_LIMITS.originalMaxChars}
          value={original}
          problem={problem.field('original')}
          onChange={(e) => {
            setOriginal(e.target.value);
            problem.fix('original');
          }}
          disabled={mark.isPending}
        />
        <FormActions cancelLabel={ui.cancel} onCancel={onClose} actionLabel={ui.confirm} busyLabel={ui.saving} busy={mark.isPending} />
      </form>
    </Modal>
  );
}

/**
 * "Mark as duplicate" (a dialog asking for the original) and, on a duplicate, "Not a duplicate" (a
 * confirmation), for admins and verified departments; the server decides who may (a department holding
 * either report), this only hides the buttons from the rest.
 */
export function DuplicateControls({ post }: { post: Post }) {
  const ui = useLocalized(DUPLICATE_UI);
  const session = useSession();
  const govMe = useGovMe(session.role === 'government');
  const [open, setOpen] = useState<'mark' | 'unmark' | null>(null);
  const unmark = useDuplicateMutation(() => call('DELETE /api/posts/post/:id/duplicate', { params: { id: post._id } }), () => setOpen(null));
  const allowed = session.role === 'admin' || (session.role === 'government' && govMe.data?.isVerified === true);
  if (!allowed || post.progressState === 'Finished') return null;
  return (
    <div className="mt-3 flex flex-wrap justify-end gap-2" data-testid="duplicate-controls">
      {post.duplicateOf ? (
        <button type="button" className="btn-secondary px-3 py-1.5" onClick={() => setOpen('unmark')}>
          {ui.unmarkButton}
        </button>
      ) : (
        <button type="button" className="btn-secondary px-3 py-1.5" aria-haspopup="dialog" onClick={() => setOpen('mark')}>
          {ui.markButton}
        </button>
      )}
      {open === 'mark' && <MarkDialog postId={post._id} onClose={() => setOpen(null)} />}
      {open === 'unmark' && (
        <ConfirmDialog
          title={ui.unmarkTitle}
          confirmLabel={ui.unmarkConfirm}
          busyLabel={ui.saving}
          busy={unmark.isPending}
          onConfirm={() => unmark.mutate(undefined)}
          onCancel={() => setOpen(null)}
        >
          {ui.unmarkText}
        </ConfirmDialog>
      )}
    </div>
  );
}
