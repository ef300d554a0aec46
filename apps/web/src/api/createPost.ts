/**
 * Filing a report (API-CONTRACT "Post"): a multipart upload with progress, apart from api/posts so the
 * screens that only read posts (the feed's first paint among them) do not load the upload code.
 */
import type { CreatePostInput } from './posts';
import { upload, type UploadProgress } from './upload';

/**
 * createPost. `idempotencyKey` (one per draft) makes a retry safe: the server answers the post the first
 * attempt made instead of making a second one (Idempotency-Key header, issue 17).
 */
export function createPost(input: CreatePostInput, onProgress?: (p: UploadProgress) => void, idempotencyKey?: string) {
  const form = new FormData();
  form.append('caption', input.caption);
  form.append('priority', input.priority);
  if (input.category) form.append('category', input.category);
  if (input.anonymous) form.append('anonymous', 'true');
  form.append('location', JSON.stringify(input.location));
  for (const image of input.images) form.append('images', image, image.name);
  return upload('POST /api/user/createPost', form, {
    onProgress,
    headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
  });
}
