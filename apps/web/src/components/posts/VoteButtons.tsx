import type { VoteType } from '@civicpulse/shared';
import { POST_CARD_UI } from '@civicpulse/shared';
import { useLocalized } from '../../i18n';
import { useFormat } from '../../i18n/format';

export interface VoteButtonsProps {
  upvotes: number;
  downvotes: number;
  myVote: VoteType | null;
  onVote?: (type: VoteType) => void;
  disabled?: boolean;
  size?: 'md' | 'sm';
}

export function Thumb({ down, className = 'h-5 w-5' }: { down?: boolean; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={`${className} ${down ? 'rotate-180' : ''}`}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M7 11v9H4v-9h3Zm0 0 4-8a2 2 0 0 1 2 2v4h5.5a2 2 0 0 1 2 2.3l-1.2 7A2 2 0 0 1 17.3 20H7" />
    </svg>
  );
}

/** Upvote and Downvote with their counts; the viewer's current vote is highlighted and aria-pressed. */
export function VoteButtons({ upvotes, downvotes, myVote, onVote, disabled, size = 'md' }: VoteButtonsProps) {
  const ui = useLocalized(POST_CARD_UI);
  const { number } = useFormat();
  const pad = size === 'sm' ? 'px-2.5 py-1.5' : 'px-3 py-2';
  const base = `btn ${pad} border tabular-nums`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        aria-pressed={myVote === 'upvote'}
        disabled={disabled || !onVote}
        onClick={() => onVote?.('upvote')}
        className={`${base} ${
          myVote === 'upvote'
            ? 'border-green-700 bg-green-700 text-white hover:bg-green-800'
            : 'border-slate-300 bg-white text-slate-800 hover:bg-green-50'
        }`}
      >
        <Thumb />
        <span>{ui.upvote}</span>
        <span className="min-w-[2ch] text-center" data-testid="upvote-count">
          {number(upvotes)}
        </span>
      </button>
      <button
        type="button"
        aria-pressed={myVote === 'downvote'}
        disabled={disabled || !onVote}
        onClick={() => onVote?.('downvote')}
        className={`${base} ${
          myVote === 'downvote'
            ? 'border-red-700 bg-red-700 text-white hover:bg-red-800'
            : 'border-slate-300 bg-white text-slate-800 hover:bg-red-50'
        }`}
      >
        <Thumb down />
        <span>{ui.downvote}</span>
        <span className="min-w-[2ch] text-center" data-testid="downvote-count">
          {number(downvotes)}
        </span>
      </button>
    </div>
  );
}
