import { useCallback, useId, useState } from 'react';
import { POST_UI, TEAM_LIMITS, TEAM_UI, type GovScope, type Post } from '@civicpulse/shared';
import { useProgressMove, useTransfer, type GovMove } from '../../api/government';
import { useVote } from '../../api/posts';
import { useSession } from '../../session/useSession';
import { PostCard } from '../posts/PostCard';
import { FinalProof } from '../timeline/FinalProof';
import { ProgressTimeline } from '../timeline/ProgressTimeline';
import { FinalUpdateForm } from './FinalUpdateForm';
import { ProgressButtons } from './ProgressButtons';
import { ConfirmDialog } from '../ConfirmDialog';
import { GoBackDialog } from './GoBackDialog';
import { AssignControl } from './AssignControl';
import { TemplatePicker } from './TemplatePicker';
import { TransferDialog } from './TransferDialog';
import { RouteMap } from './RouteMap';
import { useLocalized } from '../../i18n';

export interface GovPostCardProps {
  post: Post;
  scope: GovScope;
  /** The department's verification; undefined while unknown. */
  verified: boolean | undefined;
}

/**
 * A post in a department list (spec 2.11): the shared PostCard (caption, time, photos, author, Status,
 * colour-coded Priority, Progress, location, map, votes, comments) with the reporter's email, plus the route
 * map on demand, the final proof and timeline, the final-update form and the progress buttons.
 */
export function GovPostCard({ post, scope, verified }: GovPostCardProps) {
  const session = useSession();
  const postUi = useLocalized(POST_UI);
  const team = useLocalized(TEAM_UI);
  const noteId = useId();
  const [confirmTake, setConfirmTake] = useState(false);
  const [goingBack, setGoingBack] = useState(false);
  const [note, setNote] = useState('');
  const [transferring, setTransferring] = useState(false);
  const transfer = useTransfer();
  const vote = useVote(session.id);
  const move = useProgressMove();
  const [finalOpen, setFinalOpen] = useState(false);
  const [finalBusy, setFinalBusy] = useState(false);
  const onBusyChange = useCallback((busy: boolean) => setFinalBusy(busy), []);
  const formId = `final-update-${post._id}`;
  const movingThis = move.isPending && move.variables?.postId === post._id;
  const coords = post.location.coordinates;

  const run = (kind: GovMove, words?: string) =>
    move.mutate(
      { postId: post._id, move: kind, ...(words ? { words } : {}) },
      {
        onSuccess: () => {
          setConfirmTake(false);
          setGoingBack(false);
          if (kind === 'advance') setNote('');
        },
      },
    );
  // A take-over asks to confirm (the next card must not slide under a second click); Go Back asks why.
  const onMove = (kind: GovMove) => {
    if (kind === 'regress') setGoingBack(true);
    else if (post.progressState === 'Unseen') setConfirmTake(true);
    else run('advance', note.trim() || undefined);
  };
  const canNote = post.progressState !== 'Unseen' && post.progressState !== 'Finished' && post.progressState !== 'Waiting for User Verification' && post.progressState !== 'Work Near Completion';

  return (
    <PostCard
      post={post}
      viewerId={session.id}
      viewerRole={session.role}
      onVote={(type) => vote.mutate({ post, type })}
      headingLevel="h2"
      showAuthorEmail
    >
      <div className="space-y-4">
        {Number.isFinite(coords?.lat) && Number.isFinite(coords?.lng) && (
          <RouteMap postId={post._id} caption={post.caption.trim() || postUi.noCaption} issue={{ lat: coords.lat, lng: coords.lng }} />
        )}
        <FinalProof post={post} />
        {post.progressState !== 'Unseen' && <ProgressTimeline post={post} />}
        <div className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-3 sm:p-4" data-testid="progress-controls">
          {post.assignedOfficer !== undefined && post.progressState !== 'Unseen' && <AssignControl post={post} />}
          {canNote && <TemplatePicker onPick={(body) => setNote(body)} />}
          {canNote && (
            <div>
              <label htmlFor={noteId} className="field-label">
                {team.publicNoteLabel}
              </label>
              <textarea
                id={noteId}
                className="field-input min-h-16"
                value={note}
                maxLength={TEAM_LIMITS.noteMaxChars}
                onChange={(e) => setNote(e.target.value)}
              />
            </div>
          )}
          {finalOpen && post.progressState === 'Work Near Completion' && (
            <FinalUpdateForm
              postId={post._id}
              formId={formId}
              onBusyChange={onBusyChange}
              onDone={() => setFinalOpen(false)}
              onCancel={() => setFinalOpen(false)}
            />
          )}
          <ProgressButtons
            post={post}
            scope={scope}
            verified={verified}
            finalOpen={finalOpen && post.progressState === 'Work Near Completion'}
            finalFormId={formId}
            finalBusy={finalBusy}
            moveBusy={movingThis}
            onOpenFinal={() => setFinalOpen(true)}
            onMove={onMove}
          />
          {post.progressState !== 'Finished' && post.progressState !== 'Waiting for User Verification' && (
            <button type="button" className="btn-ghost border border-slate-300 text-sm" onClick={() => setTransferring(true)} disabled={transfer.isPending}>
              {team.transferButton}
            </button>
          )}
        </div>
        {transferring && (
          <TransferDialog
            busy={transfer.isPending}
            onConfirm={(departmentId, reason) => transfer.mutate({ postId: post._id, departmentId, reason }, { onSuccess: () => setTransferring(false) })}
            onCancel={() => setTransferring(false)}
          />
        )}
        {confirmTake && (
          <ConfirmDialog
            title={team.takeOverTitle}
            confirmLabel={team.takeOverYes}
            busy={movingThis}
            onConfirm={() => run('advance')}
            onCancel={() => setConfirmTake(false)}
          >
            {team.takeOverConfirm}
          </ConfirmDialog>
        )}
        {goingBack && <GoBackDialog busy={movingThis} onConfirm={(reason) => run('regress', reason)} onCancel={() => setGoingBack(false)} />}
      </div>
    </PostCard>
  );
}
