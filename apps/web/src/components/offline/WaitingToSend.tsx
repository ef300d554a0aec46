import { useEffect, useId, useRef } from 'react';
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
  const box = useRef<HTMLElement>(null);
  // Issue 30: it appears where the form starts, which on a phone is above the Submit button just pressed
  // (gone now): bring it into view, and take the focus the button had so keyboard users are not lost.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    el.scrollIntoView({ block: 'nearest' });
    if (!document.activeElement || document.activeElement === document.body) el.focus({ preventScroll: true });
  }, []);
  return (
    <section
      ref={box}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="scroll-mt-24 rounded-xl border border-amber-300 bg-amber-50 p-4"
      data-testid="waiting-to-send"
    >
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
