/**
 * Profiles (issue 12): reading one as the viewer may see it, and the owner's edit. The rules of an
 * edit are the shared checkProfileEdit; only its fields are written (role, isVerified, email,
 * resolvedIssuesCount can never be set here). A new photo is stored before the row changes and
 * removed again if the change fails; the old photo's files go after the commit.
 */
import {
  PROFILE_TEXTS,
  TEXTS,
  checkProfileEdit,
  type CitizenMetrics,
  type CitizenProfile,
  type GovernmentMetrics,
  type GovernmentProfile,
  type ProfilePatch,
} from '@civicpulse/shared';
import type { PostViews } from '../posts/index.js';
import { isoAt, systemClock, type Clock } from '../../lib/clock.js';
import type { AdminService } from '../admin/index.js';
import type { Updateable } from 'kysely';
import type { AccountTable } from '../../db/types.js';
import { badRequest, notFound, unauthorized } from '../../lib/errors.js';
import { authorize } from '../../policies/index.js';
import { newId } from '../../lib/ids.js';
import { processAvatar } from '../../media/images.js';
import type { Storage } from '../../media/storage.js';
import type { AccountRow } from '../../db/rows.js';
import type { AccountsRepo } from '../accounts/index.js';
import { presentCitizenProfile, presentGovernmentProfile, type Viewer } from './presenter.js';

const COLUMNS: Record<string, keyof AccountTable> = {
  name: 'name',
  authorityName: 'name',
  phone: 'phone',
  dob: 'dob',
  gender: 'gender',
  city: 'city',
  bio: 'bio',
  address: 'address',
  state: 'state',
  pincode: 'pincode',
  landmark: 'landmark',
  designation: 'designation',
  department: 'department',
  jurisdictionArea: 'jurisdiction_area',
  alternateContact: 'alternate_contact',
  officeAddress: 'office_address',
  idProofType: 'id_proof_type',
  idProofNumber: 'id_proof_number',
  website: 'website',
};

function columnsOf(patch: ProfilePatch): Updateable<AccountTable> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(patch)) {
    if (field === 'socialLinks') out.social_links = JSON.stringify(value);
    else if (field === 'publicFields') out.public_fields = JSON.stringify(value);
    else if (COLUMNS[field]) out[COLUMNS[field]] = value;
  }
  return out as Updateable<AccountTable>;
}

export type ProfileRole = 'user' | 'government';

export class ProfilesService {
  constructor(
    private readonly accounts: AccountsRepo,
    private readonly storage: Storage,
    private readonly posts: Pick<PostViews, 'citizenActivity' | 'departmentActivity'>,
    private readonly admin: AdminService,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Item 4: real figures, never placeholders (each read is an index range or a kept counter). */
  async citizenMetrics(row: AccountRow, viewer?: Viewer): Promise<CitizenMetrics> {
    // Anonymous reports (policies/anonymity.ts): among the recent ones for the reporter and admins only;
    // the counts stay totals, which name no report.
    const a = await this.posts.citizenActivity(row.id, viewer !== undefined && (viewer.id === row.id || viewer.role === 'admin'));
    return { reportsFiled: Number(row.post_count), reportsResolved: a.resolved, votesGiven: a.votes, comments: a.comments, recentReports: a.recent };
  }

  async governmentMetrics(row: AccountRow): Promise<GovernmentMetrics> {
    const a = await this.posts.departmentActivity(row.id);
    const times = await this.admin.departmentTimes(row.id);
    const resolved = Number(row.resolved_issues_count);
    return {
      resolvedIssues: resolved,
      activeCases: a.active,
      takenOver: times.takeOver.count,
      medianResponseHours: times.takeOver.medianHours,
      medianResolveHours: times.finish.medianHours,
      // Reports it took over that are now Finished, over all it holds (a fix the reporter turned down
      // and that was finished later counts once, as resolved).
      successRate: times.takeOver.count > 0 ? Math.round((times.finish.count / times.takeOver.count) * 1000) / 1000 : null,
      citizensServed: a.served,
      recentActivity: a.moves,
    };
  }

  private async find(role: ProfileRole, id: string): Promise<AccountRow> {
    const row = await this.accounts.findById(id);
    if (!row || row.role !== role) throw notFound(PROFILE_TEXTS.notFound);
    return row;
  }

  /** A citizen's profile as the viewer may see it; any other id (a department, an admin) is 'Profile not found'. */
  async citizen(viewer: Viewer, id: string, origin: string): Promise<CitizenProfile> {
    const row = await this.find('user', id);
    return { ...presentCitizenProfile(row, viewer, origin), metrics: await this.citizenMetrics(row, viewer) };
  }

  async government(viewer: Viewer, id: string, origin: string): Promise<GovernmentProfile> {
    const row = await this.find('government', id);
    return { ...presentGovernmentProfile(row, viewer, origin), metrics: await this.governmentMetrics(row) };
  }

  async update(owner: AccountRow, fields: Record<string, unknown>, photo: Buffer | undefined, today = isoAt(this.clock.now()).slice(0, 10)): Promise<AccountRow> {
    authorize(owner, 'profile.edit', {});
    const check = checkProfileEdit(owner.role as ProfileRole, fields, today);
    if (!check.ok) throw badRequest(check.message);
    const patch = columnsOf(check.patch);
    const written: string[] = [];
    if (photo) {
      const avatar = await processAvatar(photo);
      const id = newId();
      const large = `public/avatars/${owner.id}/${id}-256.webp`;
      const small = `public/avatars/${owner.id}/${id}-64.webp`;
      await this.storage.put(large, avatar.large);
      written.push(large);
      await this.storage.put(small, avatar.small);
      written.push(small);
      patch.profile_photo = large;
      patch.profile_photo_small = small;
    }
    let updated: boolean;
    try {
      updated = await this.accounts.update(owner.id, { ...patch, updated_at: isoAt(this.clock.now()) });
    } catch (err) {
      await Promise.all(written.map((k) => this.storage.delete(k)));
      throw err;
    }
    if (!updated) {
      // The account was deleted meanwhile: no row refers to the new photo, and the session is over.
      await Promise.all(written.map((k) => this.storage.delete(k)));
      throw unauthorized(TEXTS.auth.tokenInvalid);
    }
    if (photo) {
      // The old photo's files, after the commit (an external URL from an older import is left alone).
      const old = [owner.profile_photo, owner.profile_photo_small].filter((k): k is string => !!k && !/^https?:/.test(k));
      await Promise.allSettled(old.map((k) => this.storage.delete(k)));
    }
    const fresh = await this.accounts.findById(owner.id);
    if (!fresh) throw notFound(PROFILE_TEXTS.notFound);
    return fresh;
  }
}
