import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_EMAIL_UI, EMAIL_PATTERN, LIMITS, TEXTS } from '@civicpulse/shared';
import { accountEmailApi } from '../../api/accountEmail';
import { errorMessage } from '../../api/client';
import { Field } from '../../components/form/Field';
import { useFormProblem } from '../../components/useFormProblem';
import { usePageTitle } from '../../components/usePageTitle';
import { localized, useLocalized } from '../../i18n';
import toast from '../../toast';
import { EmailLinkFrame, FrameLink, OutcomeMessage, type Outcome } from './EmailLinkFrame';

/**
 * /forgot-password (issue 27 item 4): the account's address, and the server's one answer whether or
 * not the address has an account (in the page and as a toast). Open signed in or not.
 */
export default function ForgotPassword() {
  const ui = useLocalized(ACCOUNT_EMAIL_UI);
  usePageTitle(ui.forgotHeading);
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const problem = useFormProblem<'email'>();

  const send = useMutation({
    mutationFn: (address: string) => accountEmailApi.forgotPassword(address),
    onSuccess: ({ message }) => {
      setOutcome({ ok: true, message });
      toast.success(message);
    },
    onError: (error) => {
      const message = errorMessage(error, localized(TEXTS).http.internal);
      setOutcome({ ok: false, message });
      toast.error(message);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) {
      const { validation } = localized(TEXTS);
      problem.report(address ? validation.invalidEmailAddress : validation.fillAllFields, ['email']);
      return;
    }
    problem.clear();
    setOutcome(null);
    send.mutate(address);
  };

  return (
    <EmailLinkFrame title={ui.forgotHeading} intro={ui.forgotIntro}>
      <form ref={problem.formRef} className="space-y-4" onSubmit={submit} noValidate>
        <Field
          label={ui.emailLabel}
          type="email"
          name="email"
          autoComplete="email"
          maxLength={LIMITS.emailMaxChars}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            problem.fix('email');
          }}
          problem={problem.field('email')}
        />
        <button type="submit" className="btn-primary w-full" disabled={send.isPending} aria-busy={send.isPending}>
          {send.isPending ? ui.sending : ui.sendLink}
        </button>
      </form>
      <OutcomeMessage outcome={outcome} />
      <FrameLink to="/login">{ui.backToLogin}</FrameLink>
    </EmailLinkFrame>
  );
}
