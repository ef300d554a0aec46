import { BENCH_PASSWORD } from './seed.js';
import { measure } from './measure.js';
import { signIn } from './pgdb.js';

/**
 * Signs the viewer in on a started server, checks that the feed page answers 20 posts, and warms up
 * caches and the JIT with a one-second run; answers what a measured run of the feed page needs.
 */
export async function readyFeedPage(serverUrl: string, viewerEmail: string): Promise<{ feedUrl: string; headers: Record<string, string> }> {
  const { headers } = await signIn(serverUrl, '/api/user/login', { email: viewerEmail, password: BENCH_PASSWORD });
  const feedUrl = `${serverUrl}/api/user/allPosts?limit=20`;
  const probe = (await (await fetch(feedUrl, { headers })).json()) as { posts: unknown[] };
  if (probe.posts.length !== 20) throw new Error('feed page did not return 20 posts');
  await measure('warmup', { url: feedUrl, headers, duration: 1 });
  return { feedUrl, headers };
}
