/**
 * A live post update that comes while a list of posts is loading outlives that load's answer
 * (liveOverlay): the flake notifications.spec showed once, where the feed's reload landed after the
 * neighbour's downvote and put the upvote back on the card.
 */
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { NotificationItem, PostUpdate } from '@civicpulse/shared';
import { addNotifications, notificationKeys, type NotificationPages } from '../src/api/notifications';
import { bellOverlay } from '../src/live/LiveCacheBridge';
import { liveOverlay } from '../src/live/liveOverlay';
import { patchPostUpdate } from '../src/live/LiveCacheBridge';
import { postKeys } from '../src/api/posts';

const postId = '6650f1a2b3c4d5e6f7a8b9c0';

function card(upvoteCount: number, downvoteCount: number) {
  return { _id: postId, caption: 'Fallen tree', upvoteCount, downvoteCount, commentCount: 0, comments: [], progressState: 'Unseen', currentState: 'In Progress' };
}

function update(upvoteCount: number, downvoteCount: number): PostUpdate {
  return { postId, reason: 'vote', upvoteCount, downvoteCount, commentCount: 0, progressState: 'Unseen', currentState: 'In Progress', assignedGovernment: null };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

type FeedPage = { posts: ReturnType<typeof card>[] };

function setup(options: { keepMs?: number; now?: () => number } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const overlay = liveOverlay(client, {
    apply: (u, filters) => patchPostUpdate(client, u, filters),
    matches: (key) => key[0] === postKeys.all[0],
    ...options,
  });
  /** What the live event does: patch every copy, then remember it. */
  const live = (u: PostUpdate) => {
    patchPostUpdate(client, u);
    overlay.record(u);
  };
  const feed = () => client.getQueryData<FeedPage>(postKeys.feed())?.posts[0];
  /** The feed on screen with the post at these counts, and a reload of it started: `answer` lands it. */
  const reloading = (up: number, down: number) => {
    client.setQueryData(postKeys.feed(), { posts: [card(up, down)] });
    const read = deferred<FeedPage>();
    const load = client.fetchQuery({ queryKey: postKeys.feed(), queryFn: () => read.promise });
    return async (page: FeedPage) => {
      read.resolve(page);
      await load;
    };
  };
  return { client, overlay, live, feed, reloading };
}

describe('live updates and loads under way', () => {
  it('a load that started before an update and answers after it keeps the update', async () => {
    const { live, feed, reloading } = setup();
    const answer = reloading(1, 0);
    // The neighbour turns the upvote into a downvote: the live update comes while the feed loads.
    live(update(0, 1));
    expect(feed()).toMatchObject({ upvoteCount: 0, downvoteCount: 1 });
    // The load read the post before the vote.
    await answer({ posts: [card(1, 0)] });
    expect(feed()).toMatchObject({ upvoteCount: 0, downvoteCount: 1 });
  });

  it('a load that started after the update shows what it read', async () => {
    const { client, live, feed } = setup();
    client.setQueryData(postKeys.feed(), { posts: [card(1, 0)] });
    live(update(0, 1));
    await client.fetchQuery({ queryKey: postKeys.feed(), queryFn: () => Promise.resolve({ posts: [card(2, 1)] }) });
    expect(feed()).toMatchObject({ upvoteCount: 2, downvoteCount: 1 });
  });

  it('only the query that loaded gets the update again, and a deleted post stays gone', async () => {
    const { client, live, feed, reloading } = setup();
    const answer = reloading(1, 0);
    live({ ...update(1, 0), reason: 'deleted' });
    // A list loaded later, after the delete, is not touched by the feed's answer landing.
    client.setQueryData(postKeys.upvoted(), { posts: [card(5, 5)] });
    await answer({ posts: [card(1, 0)] });
    expect(feed()).toBeUndefined();
    expect(client.getQueryData<FeedPage>(postKeys.upvoted())?.posts).toHaveLength(1);
  });

  it('forgets updates after the keep time', async () => {
    let now = 0;
    const { overlay, feed, reloading } = setup({ keepMs: 1_000, now: () => now });
    const answer = reloading(1, 0);
    overlay.record(update(0, 1));
    now = 5_000;
    await answer({ posts: [card(3, 0)] });
    expect(feed()).toMatchObject({ upvoteCount: 3 });
  });
});

describe("the bell's list and a load under way", () => {
  const accountId = 'acc1';
  const item = (id: string, groupId: string | null = null): NotificationItem => ({
    id,
    type: 'progress',
    title: 'Progress update',
    message: 'Your report moved on',
    isRead: false,
    postId,
    link: `/post/${postId}`,
    actorName: 'Roads Department',
    createdAt: '2026-11-28T10:00:00.000Z',
    groupId,
  });
  const page = (notifications: NotificationItem[]): NotificationPages => ({
    pages: [{ notifications, unreadCount: notifications.filter((n) => !n.isRead).length, nextCursor: null }],
    pageParams: [null],
  });

  function bellSetup() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const bell = bellOverlay(client);
    const key = notificationKeys.list(accountId);
    const list = () => client.getQueryData<NotificationPages>(key)?.pages[0];
    /** What the live event does: add it to the list, then remember it. */
    const live = (n: NotificationItem) => {
      addNotifications(client, accountId, [n]);
      bell.record(n);
    };
    /** The list on screen, and a reload of it started (the first connection's catch-up): `answer` lands it. */
    const reloading = (shown: NotificationItem[]) => {
      client.setQueryData(key, page(shown));
      const read = deferred<NotificationPages>();
      const load = client.fetchQuery({ queryKey: key, queryFn: () => read.promise });
      return async (answer: NotificationPages) => {
        read.resolve(answer);
        await load;
      };
    };
    return { live, list, reloading, bell };
  }

  it('a notification that comes while the list reloads is still there, unread, when the reload answers', async () => {
    const { live, list, reloading } = bellSetup();
    const answer = reloading([]);
    live(item('n1'));
    expect(list()?.unreadCount).toBe(1);
    // The reload read the list before the move that sent n1.
    await answer(page([]));
    expect(list()?.notifications.map((n) => n.id)).toEqual(['n1']);
    expect(list()?.unreadCount).toBe(1);
  });

  it('is not counted twice when the reload already has it, nor next to a newer one of its group', async () => {
    const { live, list, reloading } = bellSetup();
    let answer = reloading([]);
    live(item('n1'));
    await answer(page([item('n1')]));
    expect(list()?.notifications.map((n) => n.id)).toEqual(['n1']);
    expect(list()?.unreadCount).toBe(1);

    // Two moves of one report come live during a reload that read the second one already.
    answer = reloading([]);
    live(item('n2', 'g'));
    live(item('n3', 'g'));
    await answer(page([item('n3', 'g'), item('n1')]));
    expect(list()?.notifications.map((n) => n.id)).toEqual(['n3', 'n1']);
    expect(list()?.unreadCount).toBe(2);
  });
});
