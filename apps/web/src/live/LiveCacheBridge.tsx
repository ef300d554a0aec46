/**
 * What the live connection keeps in step in the query cache: post counts and states on every screen
 * that shows the post, the bell's notifications, a chat message's toast, and a catch-up after the
 * connection was down. Loaded with the live client, after the page's load event (LiveProvider).
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useQueryClient, type QueryClient, type QueryFilters } from '@tanstack/react-query';
import { DASHBOARD_PATH, LIMITS, LIVE_UI, type AccountSettings, type ChatMessage, type NotificationItem, type PostUpdate } from '@civicpulse/shared';
import { accountKeys } from '../api/account';
import { api } from '../api/client';
import { addNotifications, catchUpNotifications, inLanguage, notificationKeys } from '../api/notifications';
import { patchPostEverywhere, postKeys, removePostEverywhere } from '../api/posts';
import { liveOverlay, type LiveOverlay } from './liveOverlay';
import { useSession } from '../session/useSession';
import toast from '../toast';
import type { LiveClient } from './LiveClient';
import { currentLanguage, localized } from '../i18n';

export const CHAT_PATH = `${DASHBOARD_PATH.user}/communityChat`;

/** Reasons after which the post page's full copy (all comments, the timeline) is loaded again. */
const RELOAD_POST: ReadonlySet<PostUpdate['reason']> = new Set(['comment', 'reply', 'commentDeleted', 'progress', 'edit']);

/** The update's counts and states on every cached copy of the post (or those of the queries `filters` match). */
export function patchPostUpdate(client: QueryClient, update: PostUpdate, filters: QueryFilters = { queryKey: postKeys.all }): void {
  const { postId } = update;
  if (update.reason === 'deleted') {
    removePostEverywhere(client, postId, filters);
    return;
  }
  patchPostEverywhere(client, postId, (post) => {
    const next = {
      ...post,
      upvoteCount: update.upvoteCount,
      downvoteCount: update.downvoteCount,
      commentCount: update.commentCount,
      progressState: update.progressState,
      currentState: update.currentState,
      assignedGovernment: update.assignedGovernment,
    };
    const comment = update.comment;
    // A card shows the first few comments: a new one joins them while there is room.
    if (
      update.reason === 'comment' &&
      comment &&
      post.comments.length < LIMITS.commentsPerCard &&
      !post.comments.some((c) => c._id === comment._id)
    ) {
      next.comments = [...post.comments, comment];
    }
    return next;
  }, filters);
}

export function applyPostUpdate(client: QueryClient, update: PostUpdate): void {
  const { postId } = update;
  patchPostUpdate(client, update);
  if (update.reason === 'deleted') {
    void client.invalidateQueries({ queryKey: postKeys.post(postId) });
    return;
  }
  if (RELOAD_POST.has(update.reason)) void client.invalidateQueries({ queryKey: postKeys.post(postId), exact: true });
  // A move can take a post into or out of a filtered list (a department's unassigned, in-progress or
  // resolved list, My Issues by state): those reload when next shown, not under the reader's eyes.
  if (update.reason === 'progress' || update.reason === 'edit') {
    void client.invalidateQueries({ queryKey: postKeys.all, refetchType: 'none' });
  }
}

/** Settings → Notifications → "New messages in Community Chat" (on unless switched off). */
async function chatToastsWanted(client: QueryClient): Promise<boolean> {
  try {
    const settings = await client.fetchQuery({
      queryKey: accountKeys.settings(),
      queryFn: ({ signal }) => api<AccountSettings>('/api/account/settings', { signal }),
      staleTime: 60_000,
    });
    return settings.notifications.chat !== false;
  } catch {
    return false;
  }
}

/**
 * The bell's list keeps a live notification that came while the list was loading: notifications.spec
 * saw the first connection's catch-up reload an empty list, a department's move come live while that
 * reload was under way, and the reload's answer (read before the move) put the bell back to none.
 * A group's newest notification stands for the group (one report's rapid moves are one item).
 */
export function bellOverlay(queryClient: QueryClient): LiveOverlay<NotificationItem> {
  return liveOverlay<NotificationItem>(queryClient, {
    apply: (item, { queryKey }) => {
      const accountId = queryKey?.[1];
      if (typeof accountId === 'string') addNotifications(queryClient, accountId, [item]);
    },
    matches: (key) => key[0] === notificationKeys.all[0] && key.length === 2 && typeof key[1] === 'string',
    keyOf: (item) => item.groupId ?? item.id,
  });
}

export function LiveCacheBridge({ client }: { client: LiveClient }) {
  const queryClient = useQueryClient();
  const session = useSession();
  const { pathname } = useLocation();
  const where = useRef({ pathname, accountId: session.id, role: session.role });
  useEffect(() => {
    where.current = { pathname, accountId: session.id, role: session.role };
  }, [pathname, session.id, session.role]);

  useEffect(() => {
    // A list that was loading when an update came gets it again when its answer lands (liveOverlay).
    const overlay = liveOverlay(queryClient, {
      apply: (update, filters) => patchPostUpdate(queryClient, update, filters),
      matches: (key) => key[0] === postKeys.all[0],
    });
    const bell = bellOverlay(queryClient);
    const offs = [
      overlay.stop,
      bell.stop,
      client.on('post_update', (update) => {
        applyPostUpdate(queryClient, update);
        overlay.record(update);
      }),
      client.on('notification', (item) => {
        const { accountId } = where.current;
        const shown = inLanguage(item, currentLanguage());
        if (!addNotifications(queryClient, accountId, [shown])) {
          void queryClient.invalidateQueries({ queryKey: notificationKeys.list(accountId) });
        }
        bell.record(shown);
      }),
      client.on('receive_message', (message: ChatMessage) => {
        const { pathname: here, accountId, role } = where.current;
        if (role !== 'user' || message.userId === accountId || here === CHAT_PATH) return;
        void chatToastsWanted(queryClient).then((wanted) => {
          if (wanted && where.current.pathname !== CHAT_PATH) {
            toast.show(localized(LIVE_UI).chatNewMessageFrom(message.user), { id: 'chat-new-message' });
          }
        });
      }),
      client.onConnect(({ reconnect }) => {
        const { accountId } = where.current;
        if (!accountId) return;
        if (reconnect) {
          // Whatever happened while the connection was down: the bell and the posts on screen reload.
          void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
          void queryClient.invalidateQueries({ queryKey: postKeys.all });
        } else {
          // Between loading the bell and joining the connection something may have arrived.
          catchUpNotifications(queryClient, accountId).catch((error: unknown) => console.warn('Notification catch-up failed', error));
        }
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [client, queryClient]);

  return null;
}

