import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FOLLOW_UI, TEXTS, type FollowState } from '@civicpulse/shared';
import { call, errorMessage } from '../../api/client';
import { localized, useLocalized } from '../../i18n';
import toast from '../../toast';

/**
 * Follow a report (on its page, for every signed-in role): a toggle button (aria-pressed) and the
 * report's follower count. Followers hear of every move in the bell, and by email as Settings says.
 */
export function FollowButton({ postId }: { postId: string }) {
  const ui = useLocalized(FOLLOW_UI);
  const client = useQueryClient();
  const key = ['posts', postId, 'follow'] as const;
  const state = useQuery({ queryKey: key, queryFn: ({ signal }) => call('GET /api/posts/:id/follow', { params: { id: postId }, signal }) });
  const toggle = useMutation({
    mutationFn: (follow: boolean) => call(follow ? 'PUT /api/posts/:id/follow' : 'DELETE /api/posts/:id/follow', { params: { id: postId } }),
    onSuccess: ({ message, following, followerCount }) => {
      client.setQueryData<FollowState>(key, { following, followerCount });
      toast.success(message);
    },
    onError: (error) => toast.error(errorMessage(error, localized(TEXTS).http.internal)),
  });
  if (!state.data) return null;
  const { following, followerCount } = state.data;
  return (
    <div className="flex items-center gap-3" data-testid="follow">
      <span className="text-sm text-slate-700 tabular-nums" data-testid="follower-count">
        {ui.followers(followerCount)}
      </span>
      <button
        type="button"
        className={following ? 'btn-secondary px-3 py-1.5' : 'btn-primary px-3 py-1.5'}
        aria-pressed={following}
        aria-label={following ? ui.unfollowLabel : ui.followLabel}
        disabled={toggle.isPending}
        onClick={() => toggle.mutate(!following)}
      >
        {following ? ui.following : ui.follow}
      </button>
    </div>
  );
}
