import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_EMAIL_TEXTS, ACCOUNT_EMAIL_UI, TEXTS } from '@civicpulse/shared';
import { accountKeys } from '../../api/account';
import { accountEmailApi } from '../../api/accountEmail';
import { errorMessage } from '../../api/client';
import { usePageTitle } from '../../components/usePageTitle';
import { localized, useLocalized } from '../../i18n';
import { useSession } from '../../session/useSession';
import { EmailLinkFrame, FrameLink, OutcomeMessage, type Outcome } from './EmailLinkFrame';

/**
 * One request per token for the page's life: React's StrictMode runs an effect twice, and the page
 * may mount again (a language switch suspends it); the link is single-use, so a second POST would
 * answer "invalid" over the first one's success.
 */
const attempts = new Map<string, Promise<Outcome>>();

function verifyOnce(token: string): Promise<Outcome> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = accountEmailApi.verifyEmail(token).then(
      ({ message }): Outcome => ({ ok: true, message }),
      (error: unknown): Outcome => ({ ok: false, message: errorMessage(error, localized(TEXTS).http.internal) }),
    );
    attempts.set(token, attempt);
  }
  return attempt;
}

/**
 * /verify-email?token=… (issue 27 item 4): confirms the address as the page opens and says how it
 * went; "Continue" goes on to the feed or dashboard when signed in, to /login otherwise.
 */
export default function VerifyEmail() {
  const ui = useLocalized(ACCOUNT_EMAIL_UI);
  const texts = useLocalized(ACCOUNT_EMAIL_TEXTS);
  usePageTitle(ui.verifyHeading);
  const token = useSearchParams()[0].get('token') ?? '';
  const session = useSession();
  const client = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    if (!token) return;
    let current = true;
    void verifyOnce(token).then((answer) => {
      if (!current) return;
      setOutcome(answer);
      // Settings shows whether the address is verified: read it again next time.
      if (answer.ok) void client.invalidateQueries({ queryKey: accountKeys.settings() });
    });
    return () => {
      current = false;
    };
  }, [token, client]);

  const shown = token ? outcome : { ok: false, message: texts.tokenMissing };
  const next = !session.token ? '/login' : session.role === 'government' ? '/government/dashboard' : session.role === 'admin' ? '/admin/dashboard' : '/';
  return (
    <EmailLinkFrame title={ui.verifyHeading}>
      {!shown && (
        <p role="status" className="text-sm text-slate-700">
          {ui.verifying}
        </p>
      )}
      <OutcomeMessage outcome={shown} />
      {shown && <FrameLink to={next}>{ui.continue}</FrameLink>}
    </EmailLinkFrame>
  );
}
