import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_EMAIL_TEXTS, ACCOUNT_EMAIL_UI, LIMITS, TEXTS } from '@civicpulse/shared';
import { accountEmailApi } from '../../api/accountEmail';
import { errorMessage } from '../../api/client';
import { Field } from '../../components/form/Field';
import { blankFields, useFormProblem } from '../../components/useFormProblem';
import { usePageTitle } from '../../components/usePageTitle';
import { localized, useLocalized } from '../../i18n';
import { useSession } from '../../session/useSession';
import toast from '../../toast';
import { EmailLinkFrame, FrameLink, OutcomeMessage, type Outcome } from './EmailLinkFrame';

interface Form {
  password: string;
  confirm: string;
}

/**
 * /reset-password?token=… (issue 27 item 4): a new password, twice. The server ends every session of
 * the account, so on success this browser's own session (if any) ends too and the page goes to /login.
 * A used, expired or mangled link shows the server's reason and the way to ask for a new one.
 */
export default function ResetPassword() {
  const ui = useLocalized(ACCOUNT_EMAIL_UI);
  const texts = useLocalized(ACCOUNT_EMAIL_TEXTS);
  usePageTitle(ui.resetHeading);
  const token = useSearchParams()[0].get('token') ?? '';
  const session = useSession();
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>({ password: '', confirm: '' });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const problem = useFormProblem<keyof Form>();

  const reset = useMutation({
    mutationFn: (password: string) => accountEmailApi.resetPassword(token, password),
    onSuccess: ({ message }) => {
      toast.success(message);
      // The server signed every device out, this one included: log in again with the new password.
      if (session.token) session.logout();
      else void navigate('/login', { replace: true });
    },
    onError: (error) => setOutcome({ ok: false, message: errorMessage(error, localized(TEXTS).http.internal) }),
  });

  if (!token) {
    return (
      <EmailLinkFrame title={ui.resetHeading}>
        <OutcomeMessage outcome={{ ok: false, message: texts.tokenMissing }} />
        <FrameLink to="/forgot-password">{ui.askAgain}</FrameLink>
      </EmailLinkFrame>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { validation } = localized(TEXTS);
    const blank = blankFields(form, ['password', 'confirm']);
    if (blank.length > 0) return problem.report(validation.fillAllFields, blank);
    if (form.password.length < LIMITS.passwordMin) return problem.report(validation.passwordTooShort, ['password']);
    if (form.password !== form.confirm) return problem.report(localized(ACCOUNT_EMAIL_UI).passwordsDiffer, ['confirm']);
    problem.clear();
    setOutcome(null);
    reset.mutate(form.password);
  };

  const bind = (name: keyof Form) => ({
    name,
    value: form[name],
    problem: problem.field(name),
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setForm({ ...form, [name]: e.target.value });
      problem.fix(name);
    },
  });

  return (
    <EmailLinkFrame title={ui.resetHeading}>
      <form ref={problem.formRef} className="space-y-4" onSubmit={submit} noValidate>
        <Field label={ui.newPassword} type="password" autoComplete="new-password" maxLength={LIMITS.passwordMaxChars} {...bind('password')} />
        <Field label={ui.confirmPassword} type="password" autoComplete="new-password" maxLength={LIMITS.passwordMaxChars} {...bind('confirm')} />
        <button type="submit" className="btn-primary w-full" disabled={reset.isPending} aria-busy={reset.isPending}>
          {reset.isPending ? ui.saving : ui.savePassword}
        </button>
      </form>
      <OutcomeMessage outcome={outcome} />
      {outcome && <FrameLink to="/forgot-password">{ui.askAgain}</FrameLink>}
    </EmailLinkFrame>
  );
}
