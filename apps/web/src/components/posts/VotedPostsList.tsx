import { useEffect } from 'react';
import toast from '../../toast';
import { POST_UI, TEXTS, type Post } from '@civicpulse/shared';
import { EmptyState } from '../EmptyState';
import { CommunityPostCard } from './CommunityPostCard';
import { Thumb } from './VoteButtons';
import { progressChildren } from '../timeline';
import { Spinner } from './PostListSkeleton';
import type { UseQueryResult } from '@tanstack/react-query';
import { useLocalized } from '../../i18n';

/**
 * The spec's heading '👎 Downvoted Issues' keeps its words (and its glyph for screen readers and copy), but
 * the glyph is drawn as the vote button's thumb icon: without an emoji font (many Linux desktops, older
 * Android) it would show as an empty box.
 */
function HeadingText({ text }: { text: string }) {
  const glyph = '👎';
  if (!text.startsWith(glyph)) return <>{text}</>;
  return (
    <>
      <Thumb down className="h-7 w-7 shrink-0 text-red-700" />
      <span className="sr-only">{glyph} </span>
      <span>{text.slice(glyph.length).trimStart()}</span>
    </>
  );
}

/** Upvoted Issues and Downvoted Issues (spec 2.8): the same screen with its own heading and empty text. */
export function VotedPostsList({
  heading,
  emptyText,
  loadingLabel,
  query,
}: {
  heading: string;
  emptyText: string;
  loadingLabel: string;
  query: UseQueryResult<Post[]>;
}) {
  const ui = useLocalized(POST_UI);
  const texts = useLocalized(TEXTS);
  useEffect(() => {
    // Spec 8: 'Failed to load downvoted posts' is also used when the upvoted list fails.
    if (query.isError) toast.error(texts.errors.loadDownvoted, { id: 'voted-posts-error' });
  }, [query.isError, texts]);

  return (
    <section aria-labelledby="screen-title" className="max-w-3xl">
      <h1 id="screen-title" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
        <HeadingText text={heading} />
      </h1>
      <div className="mt-6">
        {query.isPending ? (
          <Spinner label={loadingLabel} />
        ) : query.isError ? (
          <EmptyState title={texts.errors.loadDownvoted}>
            <button type="button" className="btn-secondary mt-3" onClick={() => void query.refetch()}>
              {ui.retry}
            </button>
          </EmptyState>
        ) : query.data.length === 0 ? (
          <EmptyState>{emptyText}</EmptyState>
        ) : (
          <ul className="space-y-6">
            {query.data.map((post) => (
              <li key={post._id}>
                <CommunityPostCard post={post}>{progressChildren(post)}</CommunityPostCard>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
