import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { TEXTS } from '@civicpulse/shared';
import toast from '../../toast';
import { useLocalized, useTranslation } from '../../i18n';
import { readStoredToken } from '../../session/token';
import { useSession } from '../../session/useSession';
import { useOffline } from '../../offline/network';
import * as outbox from '../../offline/outbox';

/**
 * Under the header, on every page (issue 17, items 5 and 7):
 * - the offline banner while the browser is offline or requests fail;
 * - "N reports waiting to send" while the signed-in account has reports in the outbox;
 * and, with no visible part, the outbox's sender of last resort: when the app starts, when the
 * connection returns and when an account signs in, queued reports are sent (where Background Sync is
 * missing, this is how they go). A report sent or refused anywhere (another tab, the service worker)
 * refreshes the lists here and says so.
 */
export default function OfflineStatus() {
  const { t } = useTranslation('create');
  const texts = useLocalized(TEXTS);
  const offline = useOffline();
  const session = useSession();
  const queryClient = useQueryClient();
  const [waiting, setWaiting] = useState(0);
  const account = session.id;
  // The subscription below outlives language switches: it reads the current texts through a ref.
  const say = useRef({ sent: t('outbox.sent'), refused: texts.errors.createPost });
  useEffect(() => {
    say.current = { sent: t('outbox.sent'), refused: texts.errors.createPost };
  });

  useEffect(() => {
    let cancelled = false;
    const count = () => {
      outbox.queuedFor(account).then(
        (entries) => !cancelled && setWaiting(entries.length),
        () => undefined,
      );
    };
    const tokenFor = (id: string) => {
      const token = readStoredToken();
      return token && outbox.tokenClaims(token)?.id === id ? token : null;
    };
    const flush = () => {
      if (navigator.onLine === false) return;
      outbox.flushOutbox(tokenFor).then(count, count);
    };
    const unsubscribe = outbox.onOutboxEvent((event) => {
      count();
      if (event.type === 'sent') {
        void queryClient.invalidateQueries({ queryKey: ['posts'] });
        // A page's own Submit already said "Issue reported successfully".
        if (!(event.direct && event.from === outbox.CONTEXT_ID) && event.account === account) toast.success(say.current.sent);
      } else if (event.type === 'rejected' && event.account === account && event.from !== outbox.CONTEXT_ID) {
        toast.error(event.message || say.current.refused);
      }
    });
    window.addEventListener('online', flush);
    count();
    flush();
    return () => {
      cancelled = true;
      unsubscribe();
      window.removeEventListener('online', flush);
    };
  }, [account, queryClient]);

  const showWaiting = waiting > 0 && session.role === 'user';
  if (!offline && !showWaiting) return null;
  return (
    <div className="border-b border-amber-300 bg-amber-50 text-amber-950" data-testid="offline-status">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2 text-sm sm:px-6 lg:px-8">
        {offline ? (
          <p role="status" className="flex items-center gap-2 font-medium" data-testid="offline-banner">
            <svg viewBox="0 0 24 24" className="h-4 w-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
              <path d="M2 8.8a15 15 0 0 1 20 0M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0M12 19.5h.01M3 3l18 18" />
            </svg>
            {t('offline.banner')}
          </p>
        ) : (
          <span />
        )}
        {showWaiting && (
          <Link to="/user/dashboard/createPost" className="font-semibold underline underline-offset-2" data-testid="outbox-indicator">
            {t('outbox.indicator', { count: waiting })}
          </Link>
        )}
      </div>
    </div>
  );
}
