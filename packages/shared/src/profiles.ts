/**
 * Profiles (spec 2.12, 3, 5; issue 12): the fields, who may see them, and the rules of an edit.
 * One pure validator serves the server (authoritative) and the web form (inline errors).
 * The profile as answered is in profileSchemas.ts, account settings in settings.ts, screen texts in profileUi.ts.
 */
import { INDIAN_STATES, LIMITS } from './constants.js';
import { TEXTS } from './texts.js';
import { PINCODE_PATTERN } from './validation.js';
import { checkIndianPhone } from './phone.js';
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
  /** Issue 30: a phone or alternate contact that is ten digits but no Indian number. */
  phoneFormat: TEXTS.validation.phoneFormat,
  pincodeFormat: TEXTS.validation.pincodeFormat,
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
      case 'alternateContact': {
        // Issue 30: an Indian mobile or landline, stored normalised ("+919876543210").
        const phone = checkIndianPhone(value);
        if (!phone.ok) return fail(field, phone.problem === 'format' ? texts.phoneFormat : field === 'phone' ? texts.phone : texts.alternateContact);
        patch[field] = phone.phone;
        continue;
      }
      case 'pincode':
        if (!/^\d{6}$/.test(value)) return fail(field, texts.pincode);
        if (!PINCODE_PATTERN.test(value)) return fail(field, texts.pincodeFormat);
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
