/** Following a report (issue 27 item 5): the answer of the follow routes. */
import { z } from 'zod';

export const followAnswer = z.object({ following: z.boolean(), followerCount: z.number() });
export const followChangedAnswer = followAnswer.extend({ message: z.string() });
export type FollowState = z.infer<typeof followAnswer>;
