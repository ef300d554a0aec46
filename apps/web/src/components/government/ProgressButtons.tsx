import type { ReactElement } from 'react';
import { GOV_UI, type GovScope, type Post } from '@civicpulse/shared';
import { useLocalized } from '../../i18n';

export interface ProgressButtonsProps {
  post: Pick<Post, '_id' | 'progressState'>;
  scope: GovScope;
  /** The department's verification; undefined while unknown (the server still refuses, with 403). */
  verified: boolean | undefined;
  /** The final-update form is open (Work Near Completion): the main button submits it. */
  finalOpen: boolean;
  /** The id of the final-update form the Submit button belongs to. */
  finalFormId: string;
  finalBusy: boolean;
  moveBusy: boolean;
  onOpenFinal: () => void;
  onMove: (move: 'advance' | 'regress') => void;
}

const primary = 'btn-primary min-w-[11rem]';
const secondary = 'btn border border-slate-400 bg-white text-slate-800 hover:bg-slate-50';

/**
 * Spec 4: Advance Progress moves one step; at Work Near Completion the first click opens the final-update
 * form and the second ('Submit Final Update') submits it; Finished shows 'Completed' with both disabled;
 * Go Back is disabled at Unseen and, in the assigned list, at Problem Seen and Waiting for User
 * Verification; Advance is disabled at Waiting for User Verification. Every disabled state says why.
 * Each variant of the main button has its own key: the click that opens the form must not find the same
 * DOM button already turned into the form's submit button (it would submit the empty form at once).
 */
export function ProgressButtons({
  post,
  scope,
  verified,
  finalOpen,
  finalFormId,
  finalBusy,
  moveBusy,
  onOpenFinal,
  onMove,
}: ProgressButtonsProps) {
  const ui = useLocalized(GOV_UI);
  const state = post.progressState;
  const hintId = `progress-hint-${post._id}`;
  const busy = moveBusy || finalBusy;

  const goBackDisabled =
    busy ||
    state === 'Unseen' ||
    state === 'Finished' ||
    state === 'Waiting for User Verification' ||
    ((scope === 'assigned' || scope === 'mine' || scope === 'team') && state === 'Problem Seen');

  let hint: string | null = null;
  let main: ReactElement;
  if (state === 'Finished') {
    hint = ui.completedHint;
    main = (
      <button key="completed" type="button" className={primary} disabled aria-describedby={hintId}>
        {ui.completed}
      </button>
    );
  } else if (state === 'Waiting for User Verification') {
    hint = ui.waitingHint;
    main = (
      <button key="waiting" type="button" className={primary} disabled aria-describedby={hintId}>
        {ui.advance}
      </button>
    );
  } else if (state === 'Work Near Completion' && finalOpen) {
    main = (
      <button key="submit-final" type="submit" form={finalFormId} className={primary} disabled={busy}>
        {finalBusy ? ui.submitting : ui.submitFinal}
      </button>
    );
  } else if (state === 'Work Near Completion') {
    hint = ui.finalHint;
    main = (
      <button key="open-final" type="button" className={primary} disabled={busy} onClick={onOpenFinal} aria-describedby={hintId}>
        {ui.advance}
      </button>
    );
  } else if (state === 'Unseen') {
    const pending = verified === false;
    hint = pending ? ui.pendingDisabled : ui.takeOverHint;
    main = (
      <button
        key="take-over"
        type="button"
        className={primary}
        disabled={busy || pending}
        onClick={() => onMove('advance')}
        aria-describedby={hintId}
      >
        {moveBusy ? ui.working : ui.advance}
      </button>
    );
  } else {
    main = (
      <button key="advance" type="button" className={primary} disabled={busy} onClick={() => onMove('advance')}>
        {moveBusy ? ui.working : ui.advance}
      </button>
    );
  }

  return (
    <div>
      <div className="flex flex-wrap gap-2">
        {main}
        <button type="button" className={secondary} disabled={goBackDisabled} onClick={() => onMove('regress')}>
          {ui.goBack}
        </button>
      </div>
      {hint && (
        <p
          id={hintId}
          className={`mt-2 text-sm ${state === 'Unseen' && verified === false ? 'font-medium text-amber-900' : 'text-slate-600'}`}
        >
          {hint}
        </p>
      )}
    </div>
  );
}
