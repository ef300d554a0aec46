import type { Ref } from 'react';
import { useNavigate } from 'react-router-dom';
import { LIVE_UI, NOTIFICATION_TEXTS, type NotificationItem, type NotificationType } from '@civicpulse/shared';
import { useNotifications } from '../api/notifications';
import { useMarkAllRead, useMarkRead } from '../api/notificationWrites';
import { Icon, type IconName } from './Icon';
import { TimeAgo } from './posts/time';
import { useLocalized } from '../i18n';

/** An icon and a tint per kind, so the list reads at a glance (spec 2.2's look: issue resolved, new comment...). */
const KIND: Record<NotificationType, { icon: IconName; tone: string }> = {
  comment: { icon: 'comment', tone: 'bg-sky-100 text-sky-800' },
  deptComment: { icon: 'comment', tone: 'bg-sky-100 text-sky-800' },
  reply: { icon: 'reply', tone: 'bg-sky-100 text-sky-800' },
  takenOver: { icon: 'building', tone: 'bg-brand-100 text-brand-800' },
  progress: { icon: 'arrow', tone: 'bg-brand-100 text-brand-800' },
  released: { icon: 'undo', tone: 'bg-amber-100 text-amber-800' },
  verifyRequest: { icon: 'eye', tone: 'bg-amber-100 text-amber-800' },
  fixConfirmed: { icon: 'check', tone: 'bg-emerald-100 text-emerald-800' },
  fixRejected: { icon: 'x', tone: 'bg-red-100 text-red-800' },
  accountVerified: { icon: 'shield', tone: 'bg-emerald-100 text-emerald-800' },
  accountRevoked: { icon: 'alert', tone: 'bg-red-100 text-red-800' },
  overdue: { icon: 'alert', tone: 'bg-amber-100 text-amber-800' },
  escalated: { icon: 'alert', tone: 'bg-red-100 text-red-800' },
  newReport: { icon: 'building', tone: 'bg-brand-100 text-brand-800' },
  areaAlert: { icon: 'pin', tone: 'bg-brand-100 text-brand-800' },
  followUpdate: { icon: 'arrow', tone: 'bg-brand-100 text-brand-800' },
  assigned: { icon: 'building', tone: 'bg-brand-100 text-brand-800' },
  transferred: { icon: 'arrow', tone: 'bg-indigo-100 text-indigo-800' },
  transferredIn: { icon: 'building', tone: 'bg-indigo-100 text-indigo-800' },
  appealed: { icon: 'alert', tone: 'bg-amber-100 text-amber-800' },
  appealAnswered: { icon: 'shield', tone: 'bg-amber-100 text-amber-800' },
  duplicate: { icon: 'arrow', tone: 'bg-indigo-100 text-indigo-800' },
  notDuplicate: { icon: 'arrow', tone: 'bg-slate-100 text-slate-800' },
  contentHidden: { icon: 'flag', tone: 'bg-red-100 text-red-800' },
  contentRestored: { icon: 'check', tone: 'bg-emerald-100 text-emerald-800' },
  accountSuspended: { icon: 'alert', tone: 'bg-red-100 text-red-800' },
};

function NotificationRow({ item, onOpen }: { item: NotificationItem; onOpen: (item: NotificationItem) => void }) {
  const live = useLocalized(LIVE_UI);
  const texts = useLocalized(NOTIFICATION_TEXTS);
  const kind = KIND[item.type] ?? KIND.progress;
  return (
    <li>
      <button
        type="button"
        className={`flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50 ${
          item.isRead ? 'bg-white' : 'bg-brand-50'
        }`}
        onClick={() => onOpen(item)}
        data-testid="notification"
        data-read={item.isRead ? 'true' : 'false'}
      >
        <span className={`mt-0.5 inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full ${kind.tone}`}>
          <Icon name={kind.icon} className="h-4 w-4" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-2">
            <span className={`text-sm ${item.isRead ? 'font-medium text-slate-800' : 'font-semibold text-slate-900'}`}>{item.title}</span>
            {!item.isRead && (
              <>
                <span className="h-2 w-2 shrink-0 rounded-full bg-brand-700" aria-hidden="true" />
                <span className="sr-only">({live.unread})</span>
              </>
            )}
          </span>
          <span className="mt-0.5 block text-sm leading-5 break-words text-slate-700">{item.message}</span>
          <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
            <TimeAgo iso={item.createdAt} />
            {/* A grouped item: the moves on one report it stands for (the latest one is the text above). */}
            {(item.count ?? 1) > 1 && (
              <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700" data-testid="notification-updates">
                {texts.updates(item.count ?? 1)}
              </span>
            )}
          </span>
        </span>
      </button>
    </li>
  );
}

interface PanelProps {
  id: string;
  accountId: string;
  /** Closes the panel; `returnFocus` when nothing navigates away. */
  onClose: (returnFocus: boolean) => void;
  ref: Ref<HTMLDivElement>;
}

/**
 * The bell's open panel (spec 2.2's look, real data): newest first with 'Load more', 'Mark all as read',
 * each notification opening its post (and read from then on). Loaded when the bell first opens.
 */
export default function NotificationPanel({ id, accountId, onClose, ref }: PanelProps) {
  const navigate = useNavigate();
  const texts = useLocalized(NOTIFICATION_TEXTS);
  const live = useLocalized(LIVE_UI);
  const list = useNotifications(accountId);
  const markRead = useMarkRead(accountId);
  const markAll = useMarkAllRead(accountId);
  const notifications = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  const unread = list.data?.pages[0]?.unreadCount ?? 0;

  const openItem = (item: NotificationItem) => {
    if (!item.isRead) markRead.mutate(item.id);
    onClose(!item.link);
    if (item.link) void navigate(item.link);
  };

  return (
    <div
      ref={ref}
      id={id}
      role="region"
      aria-label={texts.heading}
      className="absolute right-0 z-50 mt-2 w-80 max-w-[calc(100vw-1.5rem)] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg sm:w-96"
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h2 className="text-sm font-semibold text-slate-900">{texts.heading}</h2>
        <button
          type="button"
          className="rounded px-1 text-xs font-semibold text-brand-800 hover:underline disabled:text-slate-600 disabled:no-underline"
          disabled={unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          {texts.markAllRead}
        </button>
      </div>
      <div className="max-h-[min(28rem,70vh)] overflow-y-auto">
        {list.isPending ? (
          <p className="px-4 py-6 text-center text-sm text-slate-600">{live.loadingNotifications}</p>
        ) : list.isError && notifications.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-600">{texts.failed}</p>
        ) : notifications.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-600">{texts.empty}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {notifications.map((item) => (
              <NotificationRow key={item.id} item={item} onOpen={openItem} />
            ))}
          </ul>
        )}
        {list.hasNextPage && (
          <div className="border-t border-slate-100 p-2 text-center">
            <button
              type="button"
              className="btn-ghost w-full py-2"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {texts.loadMore}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
