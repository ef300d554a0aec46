/**
 * Every read of the posts table another module needs: the exports, Open311 requests, the assistant's
 * own reports and counts, routing's open reports and the service levels' due reports. Its own
 * service, apart from PostsService, because routing and service levels are built before
 * PostsService (which uses them) and read posts too; it depends on repositories only.
 */
import type { ExportRow, OpenDataRow, OpenPostRow, OwnPost, RequestRow, SlaRow } from '../../db/rows.js';
import type { Category, Priority } from '@civicpulse/shared';
import type { PostListingRepo } from './listing.js';
import type { ExportFilter, OpenDataFilter, PostReadsRepo, ReportScope, RequestFilter } from './reads.js';

export class PostReads {
  constructor(
    private readonly reads: PostReadsRepo,
    private readonly listing: Pick<PostListingRepo, 'resolvedCount'>,
  ) {}

  /** An account's own reports for its data export, oldest first, `limit` after the id `after`. */
  ownForExport(accountId: string, after: string | null, limit: number) {
    return this.reads.ownPosts(accountId, after, limit);
  }

  /** One admin export batch, newest first, after the keyset position `after`. */
  exportBatch(filter: ExportFilter, after: string | null, limit: number): Promise<ExportRow[]> {
    return this.reads.exportBatch(filter, after, limit);
  }

  /** One open data batch, newest first, before the id `before`. */
  openDataBatch(filter: OpenDataFilter, before: string | null, limit: number): Promise<OpenDataRow[]> {
    return this.reads.openDataBatch(filter, before, limit);
  }

  /** Reports' reference numbers by id (up to 100; a deleted report is absent). */
  async referencesOf(ids: string[]): Promise<Map<string, string>> {
    const rows = await this.reads.references(ids);
    return new Map(rows.flatMap((r) => (r.reference ? [[r.id, r.reference] as [string, string]] : [])));
  }

  /** The newest report's id ('' without reports): part of the open data ETag. */
  newestId(): Promise<string> {
    return this.reads.newestId();
  }

  /** One page of Open311 requests, newest first. */
  requests(filter: RequestFilter, limit: number): Promise<RequestRow[]> {
    return this.reads.requests(filter, limit);
  }

  /** The scope's latest reports whose caption holds any of the words, or the latest ones without words. */
  own(scope: ReportScope, words: string[], limit: number): Promise<OwnPost[]> {
    return this.reads.own(scope, words, limit);
  }

  /** How many of an account's reports are finished. */
  resolvedCount(accountId: string): Promise<number> {
    return this.listing.resolvedCount(accountId);
  }

  /** How many reports a department holds open. */
  openAssignedCount(departmentId: string): Promise<number> {
    return this.reads.openAssignedCount(departmentId);
  }

  /** The next batch of a state's open, unassigned reports after `after`, in id order. */
  openInState(state: string, after: string, limit: number): Promise<OpenPostRow[]> {
    return this.reads.openPostsInState(state, after, limit);
  }

  /** Those of the posts that are open and unassigned. */
  openAmong(ids: string[]): Promise<OpenPostRow[]> {
    return this.reads.openPosts(ids);
  }

  /** One range of a (category, priority)'s open reports after `afterId`, with their service-level columns. */
  slaOpen(category: Category, priority: Priority, afterId: string, limit: number): Promise<SlaRow[]> {
    return this.reads.slaOpenPosts(category, priority, afterId, limit);
  }

  /** Reports whose next service-level time is at or before `nowIso`, earliest first. */
  slaDue(nowIso: string, limit: number): Promise<SlaRow[]> {
    return this.reads.slaDuePosts(nowIso, limit);
  }
}
