import { useState, type FormEvent } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { INTERNAL_NOTES_TEXTS, INTERNAL_NOTES_UI, TEXTS } from '@civicpulse/shared';
import { call, errorMessage } from '../../api/client';
import { localized, useLocalized } from '../../i18n';
import toast from '../../toast';
import { TextAreaField } from '../form/Field';
import { useFormProblem } from '../useFormProblem';
import { TimeAgo } from './time';

const MAX = 2000;

/**
 * A report's internal notes on its page, for the department handling it and admins (the server
 * refuses everyone else): newest first with older ones on request, and a box to add one.
 */
export function InternalNotes({ postId }: { postId: string }) {
  const ui = useLocalized(INTERNAL_NOTES_UI);
  const client = useQueryClient();
  const key = ['posts', postId, 'internalNotes'] as const;
  const notes = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => call('GET /api/posts/post/:id/internalNotes', { params: { id: postId }, query: { cursor: pageParam || undefined }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const [draft, setDraft] = useState('');
  const problem = useFormProblem<'body'>();
  const add = useMutation({
    mutationFn: (body: string) => call('POST /api/posts/post/:id/internalNotes', { params: { id: postId }, body: { body } }),
    onSuccess: ({ message }) => {
      toast.success(message);
      setDraft('');
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (error) => problem.report(errorMessage(error, localized(TEXTS).http.internal), ['body']),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = draft.trim();
    if (!body) return problem.report(localized(INTERNAL_NOTES_TEXTS).bodyRequired, ['body']);
    add.mutate(body);
  };
  const list = notes.data?.pages.flatMap((p) => p.notes) ?? [];
  return (
    <section className="card mt-6 p-4" aria-labelledby="internal-notes-heading" data-testid="internal-notes">
      <h2 id="internal-notes-heading" className="text-lg font-semibold text-slate-900">
        {ui.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{ui.hint}</p>
      <form className="mt-4" onSubmit={submit} ref={problem.formRef} noValidate>
        <TextAreaField
          label={ui.label}
          name="body"
          rows={3}
          maxLength={MAX}
          value={draft}
          problem={problem.field('body')}
          onChange={(e) => {
            problem.fix('body');
            setDraft(e.target.value);
          }}
        />
        <div className="mt-2 flex items-center justify-between gap-2">
          <span className="text-xs text-slate-600 tabular-nums">
            {draft.length}/{MAX}
          </span>
          <button type="submit" className="btn-primary" disabled={add.isPending}>
            {add.isPending ? ui.adding : ui.add}
          </button>
        </div>
      </form>
      {notes.isError && (
        <p className="mt-4 text-sm text-red-700" role="alert">
          {ui.failed}
        </p>
      )}
      {notes.isSuccess && list.length === 0 && <p className="mt-4 text-sm text-slate-700">{ui.empty}</p>}
      {list.length > 0 && (
        <ol className="mt-4 space-y-3">
          {list.map((note) => (
            <li key={note._id} className="rounded-lg border border-slate-200 bg-slate-50 p-3" data-testid="internal-note">
              <p className="text-sm break-words whitespace-pre-line text-slate-900">{note.body}</p>
              <p className="mt-1 text-xs text-slate-600">
                {ui.byline(note.author.name)} · <TimeAgo iso={note.createdAt} />
              </p>
            </li>
          ))}
        </ol>
      )}
      {notes.hasNextPage && (
        <button type="button" className="btn-secondary mt-3" disabled={notes.isFetchingNextPage} onClick={() => void notes.fetchNextPage()}>
          {ui.loadMore}
        </button>
      )}
    </section>
  );
}
