/**
 * Profiles (spec 2.12, 3, 5; issue 12): the fields, who may see them, and the rules of an edit.
 * One pure validator serves the server (authoritative) and the web form (inline errors).
 */
import { z } from 'zod';
import { INDIAN_STATES, LIMITS } from './constants.js';
import { TEXTS } from './texts.js';
import { LANGUAGES } from './i18n/languages.js';
import type { Localized } from './i18n/localized.js';

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

export const SOCIAL_NETWORKS = ['twitter', 'linkedin', 'instagram', 'facebook', 'youtube'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export type SocialLinks = Partial<Record<SocialNetwork, string>>;

/**
 * Private by default: a citizen's contact and personal fields reach others only when the owner
 * publishes them. A department's office contact (officialEmail, phone, officeAddress, website,
 * jurisdictionArea) is public; its alternate contact may be published; its ID proof never is.
 */
export const PUBLISHABLE_FIELDS = {
  user: ['email', 'phone', 'dob', 'gender', 'address', 'pincode', 'landmark'],
  government: ['alternateContact'],
} as const;
export type PublishableField = (typeof PUBLISHABLE_FIELDS)['user'][number] | (typeof PUBLISHABLE_FIELDS)['government'][number];

export const PROFILE_LIMITS = {
  bioMaxChars: 1000,
  shortTextMaxChars: 120,
  minAgeYears: 13,
  photoLarge: 256,
  photoSmall: 64,
} as const;

export const PROFILE_TEXTS = {
  notFound: 'Profile not found',
  updated: TEXTS.success.profileUpdated,
  updateFailed: 'Failed to update profile',
  nameRequired: 'Name cannot be empty',
  authorityRequired: 'Authority name cannot be empty',
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  dobFormat: 'Date of birth must be a date (YYYY-MM-DD)',
  dobFuture: 'Date of birth cannot be in the future',
  dobTooYoung: `You must be at least ${PROFILE_LIMITS.minAgeYears} years old`,
  gender: 'Gender must be male, female or other',
  phone: TEXTS.validation.phoneDigits,
  alternateContact: 'Alternate contact must be exactly 10 digits',
  pincode: 'Pincode must be exactly 6 digits',
  state: 'Please choose one of the states and union territories of India',
  socialLinksJson: 'Social links must be a JSON object',
  socialLink: (network: string) => `The ${network} link must be an https:// address`,
  website: 'Website must be an https:// address',
  publicFields: 'Unknown field in the public fields',
  photoType: 'Profile photo must be a JPEG, PNG or WebP image',
  bodyShape: 'Send the profile as a form or a JSON object',
} as const;

/** The fields an edit may carry for each role (anything else is ignored: email, role, isVerified...). */
export const EDITABLE_FIELDS = {
  user: ['name', 'phone', 'dob', 'gender', 'city', 'bio', 'address', 'state', 'pincode', 'landmark', 'socialLinks', 'publicFields'],
  government: [
    'authorityName',
    'designation',
    'department',
    'jurisdictionArea',
    'phone',
    'alternateContact',
    'officeAddress',
    'city',
    'state',
    'pincode',
    'idProofType',
    'idProofNumber',
    'website',
    'bio',
    'socialLinks',
    'publicFields',
  ],
} as const;

export type ProfilePatch = Record<string, string | null | SocialLinks | string[]>;

export type ProfileCheck = { ok: true; patch: ProfilePatch } | { ok: false; field: string; message: string };

const isHttps = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === 'https:' && v.length <= LIMITS.urlMaxChars;
  } catch {
    return false;
  }
};

/** `YYYY-MM-DD` that names a real day. */
function isIsoDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/**
 * The calendar date of a date of birth as a client sends it: "1990-04-12", or a full ISO date-time
 * ("1990-04-12T00:00:00.000Z", what `new Date(input.value).toISOString()` gives; spec: "sent as an ISO
 * date"), whose date part is kept as written (the profile shows the date part, spec). Null when it is
 * neither, or names no real day.
 */
export function isoDatePart(v: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(v);
  return m && isIsoDate(m[1]!) ? m[1]! : null;
}

/**
 * Checks an edit as the form sends it (every value a string, spec 5: social links as a JSON string,
 * gender lowercased, dates ISO) and returns the patch: a blank value clears the field (null); a field
 * not sent is left alone. `today` is an ISO date (tests pass a fixed one). `texts` is PROFILE_TEXTS in
 * the reader's language (issue 17; English by default, so the spec's texts are unchanged).
 */
export function checkProfileEdit(
  role: 'user' | 'government',
  input: Record<string, unknown>,
  today: string,
  texts: Localized<typeof PROFILE_TEXTS> = PROFILE_TEXTS,
): ProfileCheck {
  const patch: ProfilePatch = {};
  const fail = (field: string, message: string): ProfileCheck => ({ ok: false, field, message });
  for (const field of EDITABLE_FIELDS[role] as readonly string[]) {
    if (!(field in input) || input[field] === undefined) continue;
    const raw = input[field];
    if (field === 'publicFields') {
      let list: unknown = raw;
      if (typeof raw === 'string') {
        try {
          list = raw.trim() === '' ? [] : JSON.parse(raw);
        } catch {
          list = raw.split(',').map((s) => s.trim()).filter(Boolean);
        }
      }
      const allowed = PUBLISHABLE_FIELDS[role] as readonly string[];
      if (!Array.isArray(list) || !list.every((f) => typeof f === 'string' && allowed.includes(f))) return fail(field, texts.publicFields);
      patch.publicFields = [...new Set(list as string[])];
      continue;
    }
    if (field === 'socialLinks') {
      let links: unknown = raw;
      if (typeof raw === 'string') {
        if (raw.trim() === '') {
          patch.socialLinks = {};
          continue;
        }
        try {
          links = JSON.parse(raw);
        } catch {
          return fail(field, texts.socialLinksJson);
        }
      }
      if (!links || typeof links !== 'object' || Array.isArray(links)) return fail(field, texts.socialLinksJson);
      const clean: SocialLinks = {};
      for (const network of SOCIAL_NETWORKS) {
        const v = (links as Record<string, unknown>)[network];
        if (v === undefined || v === null || v === '') continue;
        if (typeof v !== 'string' || !isHttps(v.trim())) return fail(field, texts.socialLink(network));
        clean[network] = v.trim();
      }
      patch.socialLinks = clean;
      continue;
    }
    if (raw !== null && typeof raw !== 'string') return fail(field, texts.tooLong(field, PROFILE_LIMITS.shortTextMaxChars));
    const value = (raw ?? '').trim();
    if (field === 'name' || field === 'authorityName') {
      if (!value) return fail(field, field === 'name' ? texts.nameRequired : texts.authorityRequired);
      if (value.length > LIMITS.nameMaxChars) return fail(field, texts.tooLong(field === 'name' ? 'Name' : 'Authority name', LIMITS.nameMaxChars));
      patch[field] = value;
      continue;
    }
    if (value === '') {
      patch[field] = null;
      continue;
    }
    switch (field) {
      case 'dob': {
        const date = isoDatePart(value);
        if (!date) return fail(field, texts.dobFormat);
        if (date > today) return fail(field, texts.dobFuture);
        const [y, m, d] = today.split('-');
        if (date > `${Number(y) - PROFILE_LIMITS.minAgeYears}-${m}-${d}`) return fail(field, texts.dobTooYoung);
        patch[field] = date;
        continue;
      }
      case 'gender':
        if (!(GENDERS as readonly string[]).includes(value.toLowerCase())) return fail(field, texts.gender);
        patch[field] = value.toLowerCase();
        continue;
      case 'phone':
        if (!/^\d{10}$/.test(value)) return fail(field, texts.phone);
        break;
      case 'alternateContact':
        if (!/^\d{10}$/.test(value)) return fail(field, texts.alternateContact);
        break;
      case 'pincode':
        if (!/^\d{6}$/.test(value)) return fail(field, texts.pincode);
        break;
      case 'state':
        if (!(INDIAN_STATES as readonly string[]).includes(value)) return fail(field, texts.state);
        break;
      case 'website':
        if (!isHttps(value)) return fail(field, texts.website);
        break;
      case 'bio':
        if (value.length > PROFILE_LIMITS.bioMaxChars) return fail(field, texts.tooLong('Bio', PROFILE_LIMITS.bioMaxChars));
        break;
      case 'address':
      case 'officeAddress':
        if (value.length > LIMITS.addressMaxChars) return fail(field, texts.tooLong('Address', LIMITS.addressMaxChars));
        break;
      case 'landmark':
        if (value.length > LIMITS.landmarkMaxChars) return fail(field, texts.tooLong('Landmark', LIMITS.landmarkMaxChars));
        break;
      default:
        if (value.length > PROFILE_LIMITS.shortTextMaxChars) return fail(field, texts.tooLong(field, PROFILE_LIMITS.shortTextMaxChars));
    }
    patch[field] = value;
  }
  return { ok: true, patch };
}

/** The social links as stored (a JSON object); invalid or missing JSON reads as no links (spec 3). */
export function parseSocialLinks(text: string | null | undefined): SocialLinks {
  if (!text) return {};
  try {
    const v: unknown = JSON.parse(text);
    if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
    const out: SocialLinks = {};
    for (const n of SOCIAL_NETWORKS) {
      const link = (v as Record<string, unknown>)[n];
      if (typeof link === 'string' && link) out[n] = link;
    }
    return out;
  } catch {
    return {};
  }
}

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

/** What can notify an account (the live issue sends them); every kind is on until switched off. */
export const NOTIFICATION_KINDS = ['progress', 'verifyRequest', 'comments', 'replies', 'chat', 'serviceLevels', 'newReports'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_LABELS: Record<NotificationKind, string> = {
  progress: 'A department moves one of my reports',
  verifyRequest: 'A department asks me to confirm a fix',
  comments: 'Someone comments on my report',
  replies: 'Someone replies to my comment',
  chat: 'New messages in Community Chat',
  serviceLevels: 'A report I handle (or oversee) is overdue or escalated',
  newReports: 'A new report is filed in my department\'s jurisdiction',
};
export type NotificationPrefs = Record<NotificationKind, boolean>;

export function notificationPrefsOf(text: string | null | undefined): NotificationPrefs {
  let stored: Record<string, unknown> = {};
  try {
    const v: unknown = text ? JSON.parse(text) : {};
    if (v && typeof v === 'object' && !Array.isArray(v)) stored = v as Record<string, unknown>;
  } catch {
    stored = {};
  }
  return Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, stored[k] !== false])) as NotificationPrefs;
}

export const SETTINGS_TEXTS = {
  passwordChanged: 'Password changed. Other devices have been signed out.',
  currentPasswordWrong: 'Current password is incorrect',
  samePassword: 'The new password must differ from the current one',
  settingsSaved: 'Settings saved',
  accountDeleted: 'Your account has been deleted',
  passwordRequired: 'Please enter your password',
} as const;

const password = z.string({ error: TEXTS.validation.passwordTooShort }).min(LIMITS.passwordMin, TEXTS.validation.passwordTooShort).max(LIMITS.passwordMaxChars);

export const changePasswordBody = z.object({
  currentPassword: z.string({ error: SETTINGS_TEXTS.passwordRequired }).min(1, SETTINGS_TEXTS.passwordRequired).max(LIMITS.passwordMaxChars),
  newPassword: password,
});
export const deleteAccountBody = z.object({
  password: z.string({ error: SETTINGS_TEXTS.passwordRequired }).min(1, SETTINGS_TEXTS.passwordRequired).max(LIMITS.passwordMaxChars),
});
const prefsShape = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean()])) as Record<NotificationKind, z.ZodBoolean>;
/** The account's language (issue 17): 'en' | 'hi', null until chosen (the browser's language applies). */
const accountLanguage = z.enum(LANGUAGES, { error: TEXTS.validation.languageInvalid }).nullable();
export const settingsAnswer = z.object({ notifications: z.object(prefsShape), publicFields: z.array(z.string()), language: accountLanguage });
export type AccountSettings = z.infer<typeof settingsAnswer>;
export const settingsBody = z.object({
  notifications: z.object(prefsShape).partial().optional(),
  publicFields: z.array(z.string().max(40)).max(20).optional(),
  /** Optional (older clients leave it out: the language stays); null forgets the choice. */
  language: accountLanguage.optional(),
});

/** Texts of the profile screens (spec 2.12 quoted exactly where it gives them). */
export const PROFILE_UI = {
  loadingRole: 'Loading role',
  unknownRole: 'Unknown role',
  loading: 'Loading profile…',
  failed: 'Failed to load profile.',
  noData: 'No profile data available.',
  notProvided: 'Not Provided',
  private: 'Private',
  verified: 'Verified',
  notVerified: 'Not Verified',
  verifiedAuthority: 'Verified Authority',
  verifiedOfficial: 'Verified Official',
  /** Spec 8, the government profile page's failures. */
  govErrors: {
    noToken: 'Authentication token not found. Please login again.',
    expired: 'Session expired. Please login again.',
    notFound: 'Profile not found.',
    status: (status: number, statusText: string) => `Failed to fetch profile: ${status} ${statusText}`.trim(),
    network: 'Unable to connect to server. Please check your connection.',
    unexpected: 'An unexpected error occurred while fetching the profile.',
  },
  pendingVerification: 'Pending Verification',
  active: 'Active',
  readMore: 'Read More',
  showLess: 'Show Less',
  memberSince: 'Member since',
  share: 'Share profile',
  linkCopied: 'Profile link copied to clipboard!',
  tryAgain: 'Try Again',
  sections: 'Profile sections',
  proofOnFile: 'On file (admins and this department only)',
  tabs: { overview: 'Overview', contact: 'Contact', documents: 'Documents', social: 'Social' },
  copy: 'Copy',
  copied: 'Copied',
  labels: {
    email: 'Email',
    officialEmail: 'Official email',
    phone: 'Phone',
    dob: 'Date of birth',
    gender: 'Gender',
    address: 'Address',
    city: 'City',
    state: 'State',
    pincode: 'Pincode',
    landmark: 'Landmark',
    bio: 'Bio',
    designation: 'Designation',
    department: 'Department',
    jurisdictionArea: 'Jurisdiction',
    alternateContact: 'Alternate contact',
    officeAddress: 'Office address',
    website: 'Website',
    idProofType: 'ID proof type',
    idProofNumber: 'ID proof number',
    proofDocumentUrl: 'Proof document',
    resolvedIssues: 'Resolved issues',
  } as Record<string, string>,
  metrics: {
    reportsFiled: 'Reports filed',
    reportsResolved: 'Reports resolved',
    votesGiven: 'Votes given',
    comments: 'Comments',
    resolvedIssues: 'Resolved issues',
    activeCases: 'Active cases',
    successRate: 'Success rate',
    citizensServed: 'Citizens served',
    averageResponse: 'Average response',
    medianResolve: 'Median time to resolve',
  },
  recentReports: 'Recent reports',
  recentActivity: 'Recent activity',
  noActivity: 'No activity yet.',
  socialNone: 'No social links.',
} as const;

/** Texts of the Settings screens (spec 2.5 names the entry; the screens are ours). */
export const SETTINGS_UI = {
  title: 'Settings',
  intro: 'Your password, what notifies you, what others can see, and your data.',
  passwordTitle: 'Change password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  changePassword: 'Change password',
  changing: 'Changing…',
  notificationsTitle: 'Notifications',
  privacyTitle: 'Privacy',
  privacyIntro: 'Choose what other people can see on your profile. Everything else stays private.',
  save: 'Save',
  saving: 'Saving…',
  dataTitle: 'Your data',
  dataIntro: 'Download everything CivicPulse holds about you: your profile, reports, comments and votes.',
  download: 'Download my data',
  downloading: 'Preparing…',
  deleteTitle: 'Delete account',
  deleteIntro: 'Your account, your reports with their photos, and your votes and comments are removed for good.',
  deleteConfirmLabel: 'Type DELETE to confirm',
  deleteWord: 'DELETE',
  password: 'Password',
  deleteButton: 'Delete my account',
  deleting: 'Deleting…',
  failed: 'Something went wrong. Please try again.',
  fieldLabels: { email: 'Email', phone: 'Phone', dob: 'Date of birth', gender: 'Gender', address: 'Address', pincode: 'Pincode', landmark: 'Landmark', alternateContact: 'Alternate contact' } as Record<string, string>,
} as const;

export const EDITOR_UI = {
  edit: 'Edit profile',
  save: 'Save',
  saving: 'Saving…',
  cancel: 'Cancel',
  photo: 'Profile photo',
  photoHint: 'JPEG, PNG or WebP; it is cropped to a square.',
  uploading: (percent: number) => `Uploading… ${percent}%`,
  emailReadOnly: 'Email cannot be changed',
  name: 'Name',
  authorityName: 'Authority name',
  chooseState: 'Select a state',
  chooseGender: 'Select',
  social: 'Social links',
} as const;
