import { useId } from 'react';
import { useTranslation } from '../../i18n';

/**
 * The report is in the outbox (issue 17, item 7): submitted, not yet answered by the server. It goes by
 * itself when the connection returns (Background Sync, or the app's next start); the reporter may try at
 * once or take it back to edit.
 */
export function WaitingToSend({
  needsLogin,
  retrying,
  onRetry,
  onEdit,
}: {
  needsLogin: boolean;
  retrying: boolean;
  onRetry: () => void;
  onEdit: () => void;
}) {
  const { t } = useTranslation('create');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-amber-300 bg-amber-50 p-4" data-testid="waiting-to-send">
      <div role="status">
        <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-amber-950">
          <svg viewBox="0 0 24 24" className="h-5 w-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7v5l3 2" />
          </svg>
          {t('outbox.waitingHeading')}
        </h2>
        <p className="mt-1 text-sm text-amber-950">{needsLogin ? t('outbox.waitingLogin') : t('outbox.waitingBody')}</p>
      </div>
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" className="btn-primary" onClick={onRetry} disabled={retrying}>
          {retrying ? t('outbox.retrying') : t('outbox.retryNow')}
        </button>
        <button type="button" className="btn-secondary" onClick={onEdit} disabled={retrying}>
          {t('outbox.edit')}
        </button>
      </div>
    </section>
  );
}
