import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';

/** The owner a storage key names: `public/posts/<postId>/…`, `public/avatars/<accountId>/…`, `private/proofs/<accountId>.<ext>`. */
function ownerOf(key: string): { post: string } | { account: string } | null {
  const post = /^public\/posts\/([0-9a-f]{24})\//.exec(key);
  if (post) return { post: post[1]! };
  const account = /^(?:public\/avatars\/([0-9a-f]{24})\/|private\/proofs\/([0-9a-f]{24})\.)/.exec(key);
  if (account) return { account: (account[1] ?? account[2])! };
  return null;
}

/**
 * Every column that holds a storage key: post images (display and thumbnail; report, final and
 * rejected-final images, the last ones being what the progress history shows), profile photos and
 * government proof documents. A new key column must be added here, or the sweep removes its files.
 */
export class MediaRepo {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Which of these keys a row references. Keys name their owner (the post or the account), so one
   * batch costs two primary-key or post_id index lookups, whatever the size of the tables: the sweep
   * never holds every key of a million posts in memory (issue 15).
   */
  async referencedAmong(keys: string[]): Promise<Set<string>> {
    const posts = new Set<string>();
    const accounts = new Set<string>();
    for (const key of keys) {
      const owner = ownerOf(key);
      if (owner && 'post' in owner) posts.add(owner.post);
      else if (owner) accounts.add(owner.account);
    }
    const found = new Set<string>();
    if (posts.size > 0) {
      const images = await this.db.selectFrom('post_images').select(['key', 'thumb_key']).where('post_id', 'in', [...posts]).execute();
      for (const i of images) found.add(i.key).add(i.thumb_key);
    }
    if (accounts.size > 0) {
      const rows = await this.db.selectFrom('accounts').select(['profile_photo', 'profile_photo_small', 'proof_doc_key']).where('id', 'in', [...accounts]).execute();
      for (const a of rows) for (const k of [a.profile_photo, a.profile_photo_small, a.proof_doc_key]) if (k) found.add(k);
    }
    return new Set(keys.filter((k) => found.has(k)));
  }
}
