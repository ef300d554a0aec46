import { GOV_UI } from '@civicpulse/shared';
import { useGovMe } from '../../api/government';
import { useLocalized } from '../../i18n';

/**
 * Spec 4 "Government account": a department starts unverified. While it is, every department screen says
 * so plainly (the take-over buttons say it again next to themselves).
 */
export function PendingVerificationBanner({ className = '' }: { className?: string }) {
  const me = useGovMe();
  const ui = useLocalized(GOV_UI);
  if (!me.data || me.data.isVerified) return null;
  return (
    <section
      role="status"
      aria-labelledby="pending-verification-title"
      data-testid="pending-verification"
      className={`rounded-2xl border border-amber-300 bg-amber-50 px-5 py-4 text-amber-950 ${className}`}
    >
      <h2 id="pending-verification-title" className="flex items-center gap-2 text-base font-semibold">
        <svg viewBox="0 0 24 24" className="h-5 w-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
          <path d="M12 8v5m0 3.5v.01M10.3 3.9 2.5 17.5A2 2 0 0 0 4.2 20.5h15.6a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
        </svg>
        {ui.pendingTitle}
      </h2>
      <p className="mt-1 text-sm leading-6">{ui.pendingBody}</p>
    </section>
  );
}
