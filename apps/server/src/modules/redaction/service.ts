/**
 * Photo redaction: an admin or the department handling a report blurs boxes on one of its photos
 * (policies/redaction.ts). The blurred copy is stored under new keys (so every URL, browser and CDN
 * cache of the old one is left pointing at nothing), the rows are swapped to it as one compare-and-set
 * with the audit entry, and only after the commit are the old files removed from storage (local folder
 * or bucket). A request that fails or loses the race removes the files it wrote.
 */
import { POST_TEXTS, REDACTION_TEXTS, type RedactionBox } from '@civicpulse/shared';
import type { AccountRow, ImageRow } from '../../db/rows.js';
import { auditEvent } from '../../events/audit.js';
import { EventList } from '../../events/index.js';
import { conflict, notFound } from '../../lib/errors.js';
import { processImage, removeImages, storeImages } from '../../media/images.js';
import { blurBoxes } from '../../media/redact.js';
import type { Storage } from '../../media/storage.js';
import { authorize } from '../../policies/index.js';
import type { RedactionRepo } from './repo.js';

/** The request went away while the photo was being made: nothing is committed (the error handler logs it at info). */
export class ClientGone extends Error {
  readonly code = 'ECONNRESET';
  constructor() {
    super('aborted');
  }
}

export class RedactionService {
  constructor(
    private readonly repo: RedactionRepo,
    private readonly storage: Storage,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  async redact(me: AccountRow, postId: string, imageId: string, boxes: RedactionBox[], gone: () => boolean = () => false): Promise<{ message: string; image: ImageRow }> {
    authorize(me, 'photo.redact');
    const post = await this.repo.subject(postId);
    if (!post) throw notFound(POST_TEXTS.notFound);
    authorize(me, 'photo.redact', { post });
    const image = await this.repo.image(postId, imageId);
    if (!image) throw notFound(REDACTION_TEXTS.imageNotFound);
    // Its file already gone: another redaction replaced it a moment ago.
    const original = await this.storage.get(image.key);
    if (!original) throw conflict(REDACTION_TEXTS.concurrent);

    const [stored] = await storeImages(this.storage, postId, [await processImage(await blurBoxes(original.data, boxes))]);
    const fresh = { key: stored!.key, thumb_key: stored!.thumbKey };
    let swapped = false;
    try {
      if (gone()) throw new ClientGone();
      const events = new EventList()
        .add(auditEvent(me, 'redactPhoto', { type: 'post', id: postId, label: post.caption }))
        .add({ type: 'postChanged', postId, reason: 'edit' });
      swapped = await this.repo.swap(postId, image, stored!, events);
    } finally {
      if (!swapped) await removeImages(this.storage, [fresh]);
    }
    if (!swapped) throw conflict(REDACTION_TEXTS.concurrent);
    // After the commit: a failure here leaves files no row references, which the orphan sweep removes.
    await removeImages(this.storage, [image]).catch((err: unknown) => this.log.warn({ err, key: image.key }, 'could not remove a redacted photo; the upload sweep will'));
    return { message: REDACTION_TEXTS.redacted, image: { ...image, ...fresh, width: stored!.width, height: stored!.height } };
  }
}
