import { OVERDUE_TEXTS, type Post } from '@civicpulse/shared';
import { Icon } from '../Icon';
import { useLocalized } from '../../i18n';

/**
 * "Overdue" (past its service level) or "Escalated" (past twice it) on a report, issue 16. The server
 * works it out from the report's due times when it answers, so it is right between sweeps too.
 */
export function OverdueBadge({ post }: { post: Post }) {
  const texts = useLocalized(OVERDUE_TEXTS);
  const sl = post.serviceLevel;
  if (!sl?.overdue) return null;
  const label = sl.escalated ? `${texts.overdue} · ${texts.escalated}` : texts.overdue;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${
        sl.escalated ? 'bg-red-100 text-red-800 ring-red-200' : 'bg-amber-100 text-amber-900 ring-amber-300'
      }`}
      data-testid="overdue-badge"
      title={label}
    >
      <Icon name="alert" className="h-3.5 w-3.5" />
      {label}
    </span>
  );
}
