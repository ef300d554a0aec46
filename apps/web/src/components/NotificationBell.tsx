import { lazy, Suspense, useState } from 'react';
import { LIVE_UI } from '@civicpulse/shared';
import { inLanguage, useNotifications } from '../api/notifications';
import { useLiveEvent } from '../live/hooks';
import { useSession } from '../session/useSession';
import { usePopover } from './useDismiss';
import { currentLanguage, localized, textsReady, useLocalized } from '../i18n';

// With the shared texts' full set in the current language (it follows the first paint), so the panel
// never shows English in Hindi when opened right after it.
const loadPanel = () => Promise.all([import('./NotificationPanel'), textsReady()]).then(([module]) => module);
const NotificationPanel = lazy(loadPanel);

/**
 * The bell (header, every signed-in role): the unread count, kept live (LiveProvider puts arriving
 * notifications in the cache), and its panel, fetched when the bell is first pointed at or opened.
 */
export function NotificationBell() {
  const session = useSession();
  const { open, setOpen, id: panelId, panel, trigger } = usePopover();
  const list = useNotifications(session.id);
  const unread = list.data?.pages[0]?.unreadCount ?? 0;
  const ui = useLocalized(LIVE_UI);
  const [announcement, setAnnouncement] = useState('');
  // Read when it arrives, in the language of that moment (the handler outlives renders).
  useLiveEvent('notification', (item) => setAnnouncement(localized(LIVE_UI).notificationArrived(inLanguage(item, currentLanguage()).title)));

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) trigger.current?.focus();
  };

  return (
    <div className="relative">
      <button
        ref={trigger}
        type="button"
        className="relative rounded-full p-2 text-slate-700 hover:bg-slate-100"
        aria-label={ui.bellLabel(unread)}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        data-testid="notification-bell"
      >
        <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <path
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M14.857 17.082a23.848 23.848 0 0 0 5.454-1.31A8.967 8.967 0 0 1 18 9.75V9A6 6 0 0 0 6 9v.75a8.967 8.967 0 0 1-2.312 6.022c1.733.64 3.56 1.085 5.455 1.31m5.714 0a24.255 24.255 0 0 1-5.714 0m5.714 0a3 3 0 1 1-5.714 0"
          />
        </svg>
        {unread > 0 && (
          <span
            className="absolute top-0.5 right-0.5 min-w-[1.125rem] rounded-full bg-red-700 px-1 text-center text-[11px] leading-[1.125rem] font-bold text-white tabular-nums ring-2 ring-white"
            aria-hidden="true"
            data-testid="notification-count"
          >
            {unread > 9 ? '9+' : unread}
          </span>
        )}
      </button>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {open && (
        <Suspense fallback={null}>
          <NotificationPanel ref={panel} id={panelId} accountId={session.id} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
