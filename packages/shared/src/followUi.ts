/**
 * Following a report (issue 27 item 5): anyone signed in follows a report to hear of its progress (the
 * bell; email by the "A report I follow moves" setting, a daily summary by default). A reporter follows
 * their own reports from the start. No zod here (the post page loads these texts on demand).
 */
export const FOLLOW_TEXTS = {
  followed: 'You will hear about this report’s progress.',
  unfollowed: 'You no longer follow this report.',
} as const;

export const FOLLOW_UI = {
  follow: 'Follow',
  following: 'Following',
  followLabel: 'Follow this report to hear about its progress',
  unfollowLabel: 'Stop following this report',
  followers: (n: number) => (n === 1 ? '1 follower' : `${n} followers`),
} as const;
