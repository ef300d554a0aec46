import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { POST_TEXTS, POST_UI, PUBLIC_READ_TEXTS, TEXTS } from '@civicpulse/shared';
import { ApiError } from '../../api/client';
import { useLocalized } from '../../i18n';
import { useLocalizedMessage } from '../../i18n/message';
import { EmptyState } from '../EmptyState';

/**
 * One post being read (the post page, its public view, its acknowledgement): 'Loading post...' while it
 * comes, 'Failed to load post' with the server's reason (in the reader's language) when it does not,
 * the page's own content once it is there.
 */
export function PostQueryState<T>({ post, children }: { post: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const ui = useLocalized(POST_UI);
  const texts = useLocalized(TEXTS);
  const localMessage = useLocalizedMessage(POST_TEXTS, PUBLIC_READ_TEXTS);
  if (post.isPending) {
    return (
      <p role="status" className="py-12 text-center text-slate-700">
        {ui.loadingPost}
      </p>
    );
  }
  if (post.isError) {
    return (
      <EmptyState title={texts.errors.loadPost}>
        {post.error instanceof ApiError && post.error.serverMessage ? localMessage(post.error.serverMessage) : null}
      </EmptyState>
    );
  }
  return <>{children(post.data)}</>;
}
