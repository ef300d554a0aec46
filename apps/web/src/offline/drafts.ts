/** Create Civic Issue drafts in IndexedDB (issue 17, item 6): one per signed-in account. */
import { offlineDb, type Draft } from './db';

export async function loadDraft(account: string): Promise<Draft | null> {
  if (!account) return null;
  return (await (await offlineDb()).get('drafts', account)) ?? null;
}

export async function saveDraft(draft: Draft): Promise<void> {
  if (!draft.account) return;
  await (await offlineDb()).put('drafts', draft);
}

/** Deletes the account's draft; with `onlyKey`, only when it is still that report (not a newer one). */
export async function deleteDraft(account: string, onlyKey?: string): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction('drafts', 'readwrite');
  const current = await tx.store.get(account);
  if (current && (!onlyKey || current.key === onlyKey)) await tx.store.delete(account);
  await tx.done;
}

/**
 * Whether a draft holds anything worth offering back: a typed word, a photo, a chosen state. Not a map
 * point alone: the picker finds the reporter by itself on arrival, and that is no report yet.
 */
export function draftHasContent(d: Pick<Draft, 'caption' | 'photos' | 'state' | 'landmark' | 'address' | 'pincode' | 'city'>): boolean {
  return Boolean(d.caption.trim() || d.photos.length || d.state || d.landmark.trim() || d.address.trim() || d.pincode.trim() || d.city.trim());
}
