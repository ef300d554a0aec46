import toast from '../../toast';
import { POST_UI, TEXTS } from '@civicpulse/shared';
import { Icon } from '../Icon';

export function postUrl(postId: string): string {
  return `${window.location.origin}/post/${postId}`;
}

/**
 * Spec 2.6 share: the device's share sheet when there is one, otherwise the link is copied. A share the
 * user cancels is not an error.
 */
export async function sharePost(postId: string): Promise<void> {
  const url = postUrl(postId);
  try {
    if (typeof navigator.share === 'function') {
      await navigator.share({ title: POST_UI.shareTitle, text: POST_UI.shareText, url });
      return;
    }
    if (!navigator.clipboard?.writeText) {
      toast.error(TEXTS.errors.unableShare);
      return;
    }
    await navigator.clipboard.writeText(url);
    toast.success(TEXTS.success.linkCopied);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    toast.error(TEXTS.errors.failedShare);
  }
}

export function ShareButton({ postId, className = '' }: { postId: string; className?: string }) {
  return (
    <button
      type="button"
      className={`btn-ghost px-2.5 py-2 ${className}`}
      onClick={() => void sharePost(postId)}
      aria-label={POST_UI.share}
      title={POST_UI.share}
    >
      <Icon name="share" className="h-5 w-5" />
      <span className="sr-only sm:not-sr-only">{POST_UI.share}</span>
    </button>
  );
}
