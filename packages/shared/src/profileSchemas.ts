/**
 * Profiles as the API answers them (spec 2.12, 3; issue 12): a citizen's and a department's profile,
 * their activity figures, and the answers to an edit. The fields and the rules of an edit are in
 * profiles.ts; the texts of the screens in profileUi.ts.
 */
import { z } from 'zod';
import { SOCIAL_NETWORKS, type SocialNetwork } from './profiles.js';

const text = z.string().nullable();
const socialLinksSchema = z.object(Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, z.string().optional()])) as Record<SocialNetwork, z.ZodOptional<z.ZodString>>);
/** Present to the owner and admins: what the owner published. */
const ownerOnly = { publicFields: z.array(z.string()).optional() };
/** Present to everyone else: the fields left out because they are private. */
const othersOnly = { hiddenFields: z.array(z.string()).optional() };

const hours = z.number().nullable();
/** Public activity of a citizen (issue 12 item 4), from the database; nothing is a placeholder. */
export const citizenMetricsSchema = z.object({
  reportsFiled: z.number(),
  reportsResolved: z.number(),
  votesGiven: z.number(),
  comments: z.number(),
  recentReports: z.array(z.object({ _id: z.string(), caption: z.string(), progressState: z.string(), createdAt: z.string() })),
});
/** A department's real figures (the spec's own-profile header had fixed placeholders). */
export const governmentMetricsSchema = z.object({
  resolvedIssues: z.number(),
  activeCases: z.number(),
  takenOver: z.number(),
  /** Median hours from report to take-over ("average response") and to Finished. */
  medianResponseHours: hours,
  medianResolveHours: hours,
  /** Resolved / taken over, 0..1; null before the first take-over. */
  successRate: z.number().nullable(),
  citizensServed: z.number(),
  recentActivity: z.array(
    z.object({ _id: z.string(), postId: z.string(), caption: z.string(), action: z.string(), from: z.string(), to: z.string(), createdAt: z.string() }),
  ),
});
export type CitizenMetrics = z.infer<typeof citizenMetricsSchema>;
export type GovernmentMetrics = z.infer<typeof governmentMetricsSchema>;

export const citizenProfileSchema = z.object({
  _id: z.string(),
  role: z.literal('user'),
  name: z.string(),
  profilePhoto: z.string(),
  profilePhotoSmall: z.string(),
  isVerified: z.boolean(),
  city: text,
  state: text,
  bio: text,
  socialLinks: socialLinksSchema,
  createdAt: z.string(),
  email: z.string().optional(),
  phone: text.optional(),
  dob: text.optional(),
  gender: text.optional(),
  address: text.optional(),
  pincode: text.optional(),
  landmark: text.optional(),
  metrics: citizenMetricsSchema.optional(),
  ...ownerOnly,
  ...othersOnly,
});
export type CitizenProfile = z.infer<typeof citizenProfileSchema>;

export const governmentProfileSchema = z.object({
  _id: z.string(),
  role: z.literal('government'),
  authorityName: z.string(),
  profilePhoto: z.string(),
  profilePhotoSmall: z.string(),
  isVerified: z.boolean(),
  resolvedIssuesCount: z.number(),
  designation: text,
  department: text,
  jurisdictionArea: text,
  officialEmail: z.string(),
  phone: text,
  officeAddress: text,
  website: text,
  city: text,
  state: text,
  pincode: text,
  bio: text,
  socialLinks: socialLinksSchema,
  createdAt: z.string(),
  alternateContact: text.optional(),
  idProofType: text.optional(),
  idProofNumber: text.optional(),
  proofDocumentUrl: text.optional(),
  metrics: governmentMetricsSchema.optional(),
  ...ownerOnly,
  ...othersOnly,
});
export type GovernmentProfile = z.infer<typeof governmentProfileSchema>;

export const updateCitizenAnswer = z.object({ message: z.string(), user: citizenProfileSchema, token: z.string() });
export const updateGovernmentAnswer = z.object({ message: z.string(), government: governmentProfileSchema, token: z.string() });
