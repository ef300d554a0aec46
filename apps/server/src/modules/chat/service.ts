/**
 * Community Chat (spec 2.14, issue 13 item 4): citizens only, text 1–2,000 characters after
 * trimming, a per-account budget shared by the POST route and the live connection, the sender from
 * the token. The saved message is emitted after the write as `receive_message`.
 */
import { CHAT_LIMITS, LIVE_TEXTS, TEXTS, chatMessageProblem, type ChatMessage, type SendAck, type SendMessagePayload } from '@civicpulse/shared';
import { EventList } from '../../events/index.js';
import { auditEvent } from '../../events/audit.js';
import { isoAt, systemClock, type Clock } from '../../lib/clock.js';
import { badRequest, HttpError, unauthorized } from '../../lib/errors.js';
import { authorize, suspensionRefusal } from '../../policies/index.js';
import { isForeignKeyViolation } from '../../lib/db-errors.js';
import { newId } from '../../lib/ids.js';
import { inputProblem } from '../../lib/input.js';
import type { Limiter } from '../../lib/limiter.js';
import type { AccountRow } from '../../db/rows.js';
import { presentMessage } from './presenter.js';
import type { ChatRepo } from './repo.js';

export class ChatService {
  constructor(
    private readonly chat: ChatRepo,
    private readonly limiter: Limiter,
    private readonly clock: Clock = systemClock,
  ) {}

  async history(viewer: AccountRow, q: { before?: string | undefined; after?: string | undefined; limit?: number | undefined }, origin: string): Promise<ChatMessage[]> {
    authorize(viewer, 'chat.read', {});
    const rows = await this.chat.page({ before: q.before, after: q.after, limit: q.limit ?? CHAT_LIMITS.pageDefault });
    return rows.map((r) => presentMessage(r, origin));
  }

  async send(sender: AccountRow, text: unknown, origin: string): Promise<ChatMessage> {
    authorize(sender, 'chat.send', {});
    // The live connection's send_message comes here without the HTTP guard: a suspended sender is refused here too.
    const suspended = suspensionRefusal(sender, 'chat.send', isoAt(this.clock.now()));
    if (suspended) throw suspended;
    const problem = chatMessageProblem(text) ?? inputProblem(text);
    if (problem) throw badRequest(problem);
    if (!(await this.limiter.take(`chat:${sender.id}`))) throw new HttpError(429, TEXTS.auth.rateLimited);
    const row = { id: newId(), author_id: sender.id, body: String(text).trim(), created_at: isoAt(this.clock.now()) };
    const message = presentMessage({ ...row, author_name: sender.name, author_photo: sender.profile_photo_small ?? sender.profile_photo }, origin);
    try {
      await this.chat.insert(row, new EventList().add({ type: 'chat', message }));
    } catch (err) {
      // The sender's account was deleted after the token was checked: the session is over.
      if (isForeignKeyViolation(err)) throw unauthorized(TEXTS.auth.tokenInvalid);
      throw err;
    }
    return message;
  }

  /** A moderator deletes a message (moderation's delete): gone from the history, with its audit entry. */
  async remove(admin: AccountRow, id: string): Promise<void> {
    const message = await this.chat.find(id);
    if (!message) return;
    await this.chat.remove(id, new EventList().add(auditEvent(admin, 'deleteChatMessage', { type: 'chat', id, label: `${message.body.slice(0, 120)} (by ${message.author_name})` })));
  }

  /**
   * `send_message` on the live connection (API-CONTRACT): text (or `{ msg }`) is saved and broadcast as
   * if posted; a message object that names a saved message (the spec's client re-emits what the POST
   * answered) is acknowledged and not sent again. Whatever sender, name or role the payload carries
   * is ignored.
   */
  async sendFromSocket(sender: AccountRow, payload: SendMessagePayload, origin: string): Promise<SendAck> {
    try {
      if (payload !== null && typeof payload === 'object' && !Array.isArray(payload)) {
        const id = payload._id;
        if (id !== undefined) {
          if (typeof id !== 'string' || !/^[0-9a-f]{24}$/.test(id)) return { ok: false, message: LIVE_TEXTS.badPayload };
          authorize(sender, 'chat.send', {});
          const saved = await this.chat.find(id);
          return saved ? { ok: true, duplicate: true, data: presentMessage(saved, origin) } : { ok: false, message: LIVE_TEXTS.badPayload };
        }
        return { ok: true, data: await this.send(sender, payload.msg, origin) };
      }
      if (typeof payload !== 'string') return { ok: false, message: LIVE_TEXTS.badPayload };
      return { ok: true, data: await this.send(sender, payload, origin) };
    } catch (err) {
      if (err instanceof HttpError) return { ok: false, message: err.message };
      throw err;
    }
  }
}
