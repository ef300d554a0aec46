/**
 * A live post update that comes while a list of posts is loading outlives that load's answer
 * (liveOverlay): the flake notifications.spec showed once, where the feed's reload landed after the
 * neighbour's downvote and put the upvote back on the card.
 */
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { PostUpdate } from '@civicpulse/shared';
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

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const overlay = liveOverlay(client, {
    apply: (u, filters) => patchPostUpdate(client, u, filters),
    isPostQuery: (key) => key[0] === postKeys.all[0],
  });
  /** What the live event does: patch every copy, then remember it. */
  const live = (u: PostUpdate) => {
    patchPostUpdate(client, u);
    overlay.record(u);
  };
  const feed = () => client.getQueryData<{ posts: ReturnType<typeof card>[] }>(postKeys.feed())?.posts[0];
  return { client, overlay, live, feed };
}

describe('live updates and loads under way', () => {
  it('a load that started before an update and answers after it keeps the update', async () => {
    const { client, live, feed } = setup();
    client.setQueryData(postKeys.feed(), { posts: [card(1, 0)] });
    const answer = deferred<{ posts: ReturnType<typeof card>[] }>();
    const load = client.fetchQuery({ queryKey: postKeys.feed(), queryFn: () => answer.promise });
    // The neighbour turns the upvote into a downvote: the live update comes while the feed loads.
    live(update(0, 1));
    expect(feed()).toMatchObject({ upvoteCount: 0, downvoteCount: 1 });
    // The load read the post before the vote.
    answer.resolve({ posts: [card(1, 0)] });
    await load;
    expect(feed()).toMatchObject({ upvoteCount: 0, downvoteCount: 1 });
  });

  it('a load that started after the update shows what it read', async () => {
    const { client, live, feed } = setup();
    client.setQueryData(postKeys.feed(), { posts: [card(1, 0)] });
    live(update(0, 1));
    const answer = deferred<{ posts: ReturnType<typeof card>[] }>();
    const load = client.fetchQuery({ queryKey: postKeys.feed(), queryFn: () => answer.promise });
    answer.resolve({ posts: [card(2, 1)] });
    await load;
    expect(feed()).toMatchObject({ upvoteCount: 2, downvoteCount: 1 });
  });

  it('only the query that loaded gets the update again, and a deleted post stays gone', async () => {
    const { client, live, feed } = setup();
    client.setQueryData(postKeys.feed(), { posts: [card(1, 0)] });
    const answer = deferred<{ posts: ReturnType<typeof card>[] }>();
    const load = client.fetchQuery({ queryKey: postKeys.feed(), queryFn: () => answer.promise });
    live({ ...update(1, 0), reason: 'deleted' });
    // A list loaded later, after the delete, is not touched by the feed's answer landing.
    client.setQueryData(postKeys.upvoted(), { posts: [card(5, 5)] });
    answer.resolve({ posts: [card(1, 0)] });
    await load;
    expect(feed()).toBeUndefined();
    expect(client.getQueryData<{ posts: unknown[] }>(postKeys.upvoted())?.posts).toHaveLength(1);
  });

  it('forgets updates after the keep time', async () => {
    let now = 0;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const overlay = liveOverlay(client, {
      apply: (u, filters) => patchPostUpdate(client, u, filters),
      isPostQuery: (key) => key[0] === postKeys.all[0],
      keepMs: 1_000,
      now: () => now,
    });
    client.setQueryData(postKeys.feed(), { posts: [card(1, 0)] });
    const answer = deferred<{ posts: ReturnType<typeof card>[] }>();
    const load = client.fetchQuery({ queryKey: postKeys.feed(), queryFn: () => answer.promise });
    overlay.record(update(0, 1));
    now = 5_000;
    answer.resolve({ posts: [card(3, 0)] });
    await load;
    expect(client.getQueryData<{ posts: ReturnType<typeof card>[] }>(postKeys.feed())?.posts[0]).toMatchObject({ upvoteCount: 3 });
  });
});
