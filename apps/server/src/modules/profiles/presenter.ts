/**
 * Profiles as each viewer may see them (issue 12, "private by default"): the owner and admins get
 * every field; anyone else gets the public ones, and each personal field only when the owner
 * published it. Fields left out are named in `hiddenFields`, so a client can say "Private" rather
 * than "Not Provided".
 */
import { PUBLISHABLE_FIELDS, parseSocialLinks, type CitizenProfile, type GovernmentProfile } from '@civicpulse/shared';
import { fileUrl, proofDocumentUrl } from '../../lib/urls.js';
import { can } from '../../policies/index.js';
import type { AccountRow } from '../../db/rows.js';

export function publicFieldsOf(row: Pick<AccountRow, 'public_fields'>): string[] {
  if (!row.public_fields) return [];
  try {
    const v: unknown = JSON.parse(row.public_fields);
    return Array.isArray(v) ? v.filter((f): f is string => typeof f === 'string') : [];
  } catch {
    return [];
  }
}

export type Viewer = Pick<AccountRow, 'id' | 'role'>;

function seesAll(row: AccountRow, viewer: Viewer): boolean {
  return can(viewer, 'profile.seePrivate', { account: row });
}

/** Keeps `value` under `key` when the viewer may see it, else names the key as hidden. */
function gate(out: Record<string, unknown>, hidden: string[], key: string, value: unknown, visible: boolean): void {
  if (visible) out[key] = value;
  else hidden.push(key);
}

export function presentCitizenProfile(row: AccountRow, viewer: Viewer, origin: string): CitizenProfile {
  const all = seesAll(row, viewer);
  const published = new Set(publicFieldsOf(row));
  const out: Record<string, unknown> = {
    _id: row.id,
    role: row.role,
    name: row.name,
    profilePhoto: fileUrl(origin, row.profile_photo),
    profilePhotoSmall: fileUrl(origin, row.profile_photo_small ?? row.profile_photo),
    isVerified: row.is_verified === 1,
    city: row.city,
    state: row.state,
    bio: row.bio,
    socialLinks: parseSocialLinks(row.social_links),
    createdAt: row.created_at,
  };
  const hidden: string[] = [];
  const personal: Record<(typeof PUBLISHABLE_FIELDS)['user'][number], unknown> = {
    email: row.email,
    phone: row.phone,
    dob: row.dob,
    gender: row.gender,
    address: row.address,
    pincode: row.pincode,
    landmark: row.landmark,
  };
  for (const [key, value] of Object.entries(personal)) gate(out, hidden, key, value, all || published.has(key));
  if (all) out.publicFields = [...published];
  else out.hiddenFields = hidden;
  return out as CitizenProfile;
}

export function presentGovernmentProfile(row: AccountRow, viewer: Viewer, origin: string): GovernmentProfile {
  const all = seesAll(row, viewer);
  const published = new Set(publicFieldsOf(row));
  const out: Record<string, unknown> = {
    _id: row.id,
    role: row.role,
    authorityName: row.name,
    profilePhoto: fileUrl(origin, row.profile_photo),
    profilePhotoSmall: fileUrl(origin, row.profile_photo_small ?? row.profile_photo),
    isVerified: row.is_verified === 1,
    resolvedIssuesCount: Number(row.resolved_issues_count),
    designation: row.designation,
    department: row.department,
    jurisdictionArea: row.jurisdiction_area,
    // The office's contact is public: citizens must be able to reach the department.
    officialEmail: row.email,
    phone: row.phone,
    officeAddress: row.office_address,
    website: row.website,
    city: row.city,
    state: row.state,
    pincode: row.pincode,
    bio: row.bio,
    socialLinks: parseSocialLinks(row.social_links),
    createdAt: row.created_at,
  };
  const hidden: string[] = [];
  // A department's member (department teams): their address and phone are theirs, not the office's.
  if (row.department_id && !all) {
    out.officialEmail = '';
    out.phone = null;
    hidden.push('officialEmail', 'phone');
  }
  gate(out, hidden, 'alternateContact', row.alternate_contact, all || published.has('alternateContact'));
  // The ID proof and the proof document: the department itself and admins only, never published.
  gate(out, hidden, 'idProofType', row.id_proof_type, all);
  gate(out, hidden, 'idProofNumber', row.id_proof_number, all);
  gate(out, hidden, 'proofDocumentUrl', row.proof_doc_key ? proofDocumentUrl(origin, row.id) : null, all);
  if (all) out.publicFields = [...published];
  else out.hiddenFields = hidden;
  return out as GovernmentProfile;
}
