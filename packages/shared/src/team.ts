/** A department's team (see teamUi.ts): the routes' bodies and answers. */
import { z } from 'zod';
import { LIMITS } from './constants.js';
import { EMAIL_PATTERN } from './validation.js';
import { APPEAL_OUTCOMES, TEAM_LIMITS, TEAM_ROLES, TEAM_TEXTS } from './teamUi.js';

export const teamMemberSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  teamRole: z.enum(TEAM_ROLES),
  /** The department's own account (the spec's government login): it cannot be removed. */
  isDepartment: z.boolean(),
  /** Open reports assigned to this member now. */
  openAssigned: z.number(),
  createdAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInviteSchema = z.object({
  _id: z.string(),
  email: z.string(),
  teamRole: z.enum(TEAM_ROLES),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type TeamInvite = z.infer<typeof teamInviteSchema>;

export const teamAnswer = z.object({
  department: z.object({ _id: z.string(), name: z.string() }),
  me: z.object({ _id: z.string(), teamRole: z.enum(TEAM_ROLES) }),
  members: z.array(teamMemberSchema),
  /** Only a head sees the pending invitations. */
  invites: z.array(teamInviteSchema),
});

export const teamInviteBody = z.object({
  email: z
    .string({ error: TEAM_TEXTS.inviteEmailInvalid })
    .trim()
    .max(LIMITS.emailMaxChars, TEAM_TEXTS.inviteEmailInvalid)
    .regex(EMAIL_PATTERN, TEAM_TEXTS.inviteEmailInvalid),
  teamRole: z.enum(TEAM_ROLES, { error: TEAM_TEXTS.inviteRoleInvalid }).default('officer'),
});
export const teamInviteAnswer = z.object({ message: z.string(), invite: teamInviteSchema });

export const joinParams = z.object({ token: z.string().min(1).max(200) });
export const joinInfoAnswer = z.object({ department: z.string(), email: z.string(), teamRole: z.enum(TEAM_ROLES) });

export const assignBody = z.object({
  /** The member to assign the report to; null: back to the department's unassigned queue. */
  officerId: z.string().max(64).nullable(),
  reason: z.string().max(TEAM_LIMITS.reasonMaxChars, TEAM_TEXTS.reasonTooLong).optional(),
});

export const joinBody = z.object({ name: z.unknown(), password: z.unknown(), confirmPassword: z.unknown().optional() });

/** A public note a department may add to any move: shown on the timeline. */
export const moveNote = z.string().max(TEAM_LIMITS.noteMaxChars, TEAM_TEXTS.noteTooLong).optional();
/** Going back a stage: the spec's client sends no body; ours sends the reason the reporter sees. */
export const regressBody = z.object({ reason: z.string().max(TEAM_LIMITS.reasonMaxChars, TEAM_TEXTS.reasonTooLong).optional() }).nullish();

// ---- transfers (a report that is not this department's) ----

export const transferBody = z.object({
  /** The department that is responsible; null: the admin's triage queue. */
  departmentId: z.string().max(64).nullable(),
  reason: z
    .string({ error: TEAM_TEXTS.transferReasonRequired })
    .trim()
    .min(1, TEAM_TEXTS.transferReasonRequired)
    .max(TEAM_LIMITS.reasonMaxChars, TEAM_TEXTS.reasonTooLong),
});
/** The departments a report can be transferred to (verified ones), by name. */
export const departmentsQuery = z.object({ q: z.string().max(120).optional() });
export const departmentChoice = z.object({ _id: z.string(), name: z.string(), city: z.string().nullable() });
export const departmentsAnswer = z.object({ departments: z.array(departmentChoice) });

// ---- appeals ----

export const appealSchema = z.object({
  postId: z.string(),
  status: z.enum(['open', ...APPEAL_OUTCOMES]),
  /** Who answers: the department's head, or an admin for a department without members. */
  handler: z.enum(['head', 'admin']),
  reason: z.string(),
  response: z.string().nullable(),
  dueAt: z.string(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  overdue: z.boolean(),
  /** The report's caption and reference, for the lists. */
  caption: z.string(),
  reference: z.string(),
});
export type Appeal = z.infer<typeof appealSchema>;
export const appealBody = z.object({
  reason: z
    .string({ error: TEAM_TEXTS.appealReasonRequired })
    .trim()
    .min(1, TEAM_TEXTS.appealReasonRequired)
    .max(TEAM_LIMITS.appealReasonMaxChars, TEAM_TEXTS.reasonTooLong),
});
export const appealAnswerBody = z.object({
  outcome: z.enum(APPEAL_OUTCOMES, { error: TEAM_TEXTS.appealOutcomeInvalid }),
  response: z
    .string({ error: TEAM_TEXTS.appealResponseRequired })
    .trim()
    .min(1, TEAM_TEXTS.appealResponseRequired)
    .max(TEAM_LIMITS.appealReasonMaxChars, TEAM_TEXTS.reasonTooLong),
});
/** A report's appeal, for its reporter, its department and admins; `canAppeal`: the reporter may appeal now. */
export const postAppealAnswer = z.object({ appeal: appealSchema.nullable(), canAppeal: z.boolean() });
export const appealsAnswer = z.object({ appeals: z.array(appealSchema), nextCursor: z.string().nullable() });
export const appealsQuery = z.object({ cursor: z.string().max(300).optional() });

// ---- response templates ----

export const templateSchema = z.object({ _id: z.string(), title: z.string(), body: z.string(), updatedAt: z.string() });
export type ResponseTemplate = z.infer<typeof templateSchema>;
export const templateBody = z.object({
  title: z
    .string({ error: TEAM_TEXTS.templateTitleRequired })
    .trim()
    .min(1, TEAM_TEXTS.templateTitleRequired)
    .max(TEAM_LIMITS.templateTitleMaxChars, TEAM_TEXTS.templateTitleTooLong),
  body: z
    .string({ error: TEAM_TEXTS.templateBodyRequired })
    .trim()
    .min(1, TEAM_TEXTS.templateBodyRequired)
    .max(TEAM_LIMITS.templateBodyMaxChars, TEAM_TEXTS.templateBodyTooLong),
});
export const templatesAnswer = z.object({ templates: z.array(templateSchema) });
export const templateAnswer = z.object({ message: z.string(), template: templateSchema });

// ---- per-member figures ----

export const memberMetricsSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Reports this member took over. */
  taken: z.number(),
  /** Reports assigned to this member that the reporter confirmed fixed. */
  resolved: z.number(),
  /** Median hours from report to confirmed fix, over those; null before the first. */
  medianHours: z.number().nullable(),
  /** Fixes of this member's reports the reporter rejected. */
  rejectedFixes: z.number(),
  openAssigned: z.number(),
});
export type MemberMetrics = z.infer<typeof memberMetricsSchema>;
export const teamMetricsAnswer = z.object({ members: z.array(memberMetricsSchema) });
