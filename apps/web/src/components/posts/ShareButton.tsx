import toast from '../../toast';
import { POST_CARD_UI, TEXTS } from '@civicpulse/shared';
import { Icon } from '../Icon';
import { localized, useLocalized } from '../../i18n';

export function postUrl(postId: string): string {
  return `${window.location.origin}/post/${postId}`;
}

/**
 * Spec 2.6 share: the device's share sheet when there is one, otherwise the link is copied. A share the
 * user cancels is not an error.
 */
export async function sharePost(postId: string): Promise<void> {
  const url = postUrl(postId);
  const ui = localized(POST_CARD_UI);
  const texts = localized(TEXTS);
  try {
    if (typeof navigator.share === 'function') {
      await navigator.share({ title: ui.shareTitle, text: ui.shareText, url });
      return;
    }
    if (!navigator.clipboard?.writeText) {
      toast.error(texts.errors.unableShare);
      return;
    }
    await navigator.clipboard.writeText(url);
    toast.success(texts.success.linkCopied);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    toast.error(texts.errors.failedShare);
  }
}

export function ShareButton({ postId, className = '' }: { postId: string; className?: string }) {
  const ui = useLocalized(POST_CARD_UI);
  return (
    <button
      type="button"
      className={`btn-ghost px-2.5 py-2 ${className}`}
      onClick={() => void sharePost(postId)}
      aria-label={ui.share}
      title={ui.share}
    >
      <Icon name="share" className="h-5 w-5" />
      <span className="sr-only sm:not-sr-only">{ui.share}</span>
    </button>
  );
}
