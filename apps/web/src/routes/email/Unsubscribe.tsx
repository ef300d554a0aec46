import { useSearchParams } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_EMAIL_TEXTS, ACCOUNT_EMAIL_UI, TEXTS } from '@civicpulse/shared';
import { accountKeys } from '../../api/account';
import { accountEmailApi } from '../../api/accountEmail';
import { errorMessage } from '../../api/client';
import { usePageTitle } from '../../components/usePageTitle';
import { localized, useLocalized } from '../../i18n';
import { EmailLinkFrame, OutcomeMessage, type Outcome } from './EmailLinkFrame';

/**
 * /unsubscribe?t=… (issue 27 item 3), the link at the foot of every update email: says what it does,
 * and stops that kind of email when the button is pressed (opening the page changes nothing, so a
 * mail scanner that follows links unsubscribes no one).
 */
export default function Unsubscribe() {
  const ui = useLocalized(ACCOUNT_EMAIL_UI);
  const texts = useLocalized(ACCOUNT_EMAIL_TEXTS);
  usePageTitle(ui.unsubscribeHeading);
  const token = useSearchParams()[0].get('t') ?? '';
  const client = useQueryClient();
  const unsubscribe = useMutation({
    mutationFn: () => accountEmailApi.unsubscribe(token),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.settings() }),
  });

  const outcome: Outcome | null = !token
    ? { ok: false, message: texts.tokenMissing }
    : unsubscribe.isSuccess
      ? { ok: true, message: unsubscribe.data.message }
      : unsubscribe.isError
        ? { ok: false, message: errorMessage(unsubscribe.error, localized(TEXTS).http.internal) }
        : null;

  return (
    <EmailLinkFrame title={ui.unsubscribeHeading} intro={ui.unsubscribeIntro}>
      {token && !unsubscribe.isSuccess && (
        <button type="button" className="btn-primary w-full" disabled={unsubscribe.isPending} aria-busy={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
          {unsubscribe.isPending ? ui.saving : ui.unsubscribeButton}
        </button>
      )}
      {/* The button goes once it has worked: focus moves to the answer rather than to the page's start. */}
      <OutcomeMessage outcome={outcome} focus={unsubscribe.isSuccess} />
    </EmailLinkFrame>
  );
}
