import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';

/**
 * Every column that holds a storage key: post images (display and thumbnail; report, final and
 * rejected-final images, the last ones being what the progress history shows), profile photos and
 * government proof documents. A new key column must be added here, or the sweep removes its files.
 */
export class MediaRepo {
  constructor(private readonly db: Kysely<DB>) {}

  async referencedKeys(): Promise<Set<string>> {
    const keys = new Set<string>();
    const images = await this.db.selectFrom('post_images').select(['key', 'thumb_key']).execute();
    for (const i of images) {
      keys.add(i.key);
      keys.add(i.thumb_key);
    }
    const accounts = await this.db
      .selectFrom('accounts')
      .select(['profile_photo', 'profile_photo_small', 'proof_doc_key'])
      .where((eb) => eb.or([eb('profile_photo', 'is not', null), eb('proof_doc_key', 'is not', null)]))
      .execute();
    for (const a of accounts) {
      if (a.profile_photo) keys.add(a.profile_photo);
      if (a.profile_photo_small) keys.add(a.profile_photo_small);
      if (a.proof_doc_key) keys.add(a.proof_doc_key);
    }
    return keys;
  }
}
