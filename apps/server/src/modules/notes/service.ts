/**
 * Internal notes on a report: the department it is assigned to and admins read and add them
 * (policies/notes.ts); a report nobody has taken over has none to show to a department yet.
 */
import { INTERNAL_NOTE_LIMITS, INTERNAL_NOTES_TEXTS, POST_TEXTS, TEXTS, type InternalNote } from '@civicpulse/shared';
import type { AccountRow } from '../../db/rows.js';
import { isRowId } from '../../db/chunks.js';
import { isoAt, type Clock } from '../../lib/clock.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { authorize } from '../../policies/index.js';
import { presentNote } from './presenter.js';
import type { NotesRepo } from './repo.js';

export class NotesService {
  constructor(
    private readonly repo: NotesRepo,
    private readonly clock: Clock,
  ) {}

  private async allowed(me: AccountRow, postId: string): Promise<void> {
    authorize(me, 'note.internal');
    const post = await this.repo.subject(postId);
    if (!post) throw notFound(POST_TEXTS.notFound);
    authorize(me, 'note.internal', { post });
  }

  async list(me: AccountRow, postId: string, cursor: string | undefined): Promise<{ notes: InternalNote[]; nextCursor: string | null }> {
    // The cursor is the last note's id: refused unless it is one (no value the database would refuse reaches it).
    if (cursor !== undefined && cursor !== '' && !isRowId(cursor)) throw badRequest(TEXTS.http.invalidCursor);
    await this.allowed(me, postId);
    const rows = await this.repo.page(postId, cursor || null, INTERNAL_NOTE_LIMITS.pageSize + 1);
    const more = rows.length > INTERNAL_NOTE_LIMITS.pageSize;
    const page = more ? rows.slice(0, INTERNAL_NOTE_LIMITS.pageSize) : rows;
    return { notes: page.map(presentNote), nextCursor: more ? page[page.length - 1]!.id : null };
  }

  async add(me: AccountRow, postId: string, body: string): Promise<{ note: InternalNote; message: string }> {
    await this.allowed(me, postId);
    const now = this.clock.now();
    const row = { id: newId(now), post_id: postId, author_id: me.id, author_name: me.name, author_role: me.role, body, created_at: isoAt(now) };
    if (!(await this.repo.add(row))) throw notFound(POST_TEXTS.notFound);
    return { note: presentNote(row), message: INTERNAL_NOTES_TEXTS.added };
  }
}
