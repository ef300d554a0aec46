import type { ReactNode } from 'react';
import type { Post } from '@civicpulse/shared';
import { FinalProof } from './FinalProof';
import { ProgressTimeline } from './ProgressTimeline';

/**
 * What a list card shows below its details once a department has picked the post up: the final proof (when
 * one was submitted) and the progress timeline (a 'Show timeline' toggle on list posts). Posts still
 * 'Unseen' get nothing, so fresh cards stay light; undefined keeps PostCard from adding an empty block.
 */
export function progressChildren(post: Post): ReactNode {
  if (post.progressState === 'Unseen') return undefined;
  return (
    <>
      {(post.finalUpdate || post.rejectedUpdate) && <FinalProof post={post} className="mb-4" />}
      <ProgressTimeline post={post} />
    </>
  );
}
