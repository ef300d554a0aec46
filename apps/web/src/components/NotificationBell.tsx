import { TEXTS } from '@civicpulse/shared';
import { usePopover } from './useDismiss';

/**
 * The bell and its panel. Real notifications arrive in a later issue; until then the panel shows the
 * spec's empty state and no invented entries.
 */
export function NotificationBell() {
  const { open, setOpen, id: panelId, panel, trigger } = usePopover();

  const notifications: { id: string; title: string; message: string; isRead: boolean }[] = [];
  const unread = notifications.filter((n) => !n.isRead).length;

  return (
    <div className="relative">
      <button
        ref={trigger}
        type="button"
        className="relative rounded-full p-2 text-slate-700 hover:bg-slate-100"
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <path
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M14.857 17.082a23.848 23.848 0 0 0 5.454-1.31A8.967 8.967 0 0 1 18 9.75V9A6 6 0 0 0 6 9v.75a8.967 8.967 0 0 1-2.312 6.022c1.733.64 3.56 1.085 5.455 1.31m5.714 0a24.255 24.255 0 0 1-5.714 0m5.714 0a3 3 0 1 1-5.714 0"
          />
        </svg>
        {unread > 0 && (
          <span className="absolute top-1 right-1 h-2.5 w-2.5 rounded-full bg-red-600" aria-hidden="true" />
        )}
      </button>
      {open && (
        <div
          ref={panel}
          id={panelId}
          role="region"
          aria-label="Notifications"
          className="absolute right-0 z-50 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white shadow-lg"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
            <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
            <button
              type="button"
              className="rounded px-1 text-xs font-semibold text-brand-800 hover:underline disabled:text-slate-600 disabled:no-underline"
              disabled={unread === 0}
            >
              Mark all as read
            </button>
          </div>
          {notifications.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-600">{TEXTS.empty.notifications}</p>
          ) : null}
        </div>
      )}
    </div>
  );
}
