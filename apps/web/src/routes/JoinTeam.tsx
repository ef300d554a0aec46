import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { LIMITS, TEAM_TEXTS, TEAM_UI, TEXTS } from '@civicpulse/shared';
import { ApiError, errorMessage } from '../api/client';
import { useJoinInfo, useJoinTeam } from '../api/team';
import { EmptyState } from '../components/EmptyState';
import { Field } from '../components/form/Field';
import { blankFields, useFormProblem } from '../components/useFormProblem';
import { usePageTitle } from '../components/usePageTitle';
import { localized, useLocalized, useTranslation } from '../i18n';
import { useSession } from '../session/useSession';
import toast from '../toast';
import { EmailLinkFrame, FrameLink } from './email/EmailLinkFrame';

interface Form {
  name: string;
  password: string;
  confirmPassword: string;
}

/**
 * /join/:token (department teams): the page a head's emailed invitation opens. It names the department
 * and the invited address; the invitee chooses a name and a password, then signs in on the login page's
 * Government tab. A used, withdrawn or expired invitation says so, with no form.
 */
export default function JoinTeam() {
  const ui = useLocalized(TEAM_UI);
  const texts = useLocalized(TEAM_TEXTS);
  const { t } = useTranslation('common');
  usePageTitle(ui.join);
  const token = useParams().token ?? '';
  const info = useJoinInfo(token);
  const join = useJoinTeam(token);
  const session = useSession();
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>({ name: '', password: '', confirmPassword: '' });
  const problem = useFormProblem<keyof Form>();

  if (info.isPending && token) {
    return (
      <EmailLinkFrame title={ui.join}>
        <div role="status" aria-label={t('team.loadingInvite')} className="space-y-3">
          <div className="h-4 w-3/4 animate-pulse rounded bg-slate-200" />
          <div className="h-10 animate-pulse rounded-lg bg-slate-200" />
          <div className="h-10 animate-pulse rounded-lg bg-slate-200" />
        </div>
      </EmailLinkFrame>
    );
  }

  if (!token || info.isError || !info.data) {
    // 404: used, withdrawn, expired or mangled. Anything else (offline): the client's own message.
    const gone = !token || (info.error instanceof ApiError && info.error.status === 404);
    return (
      <EmailLinkFrame title={ui.join}>
        <div data-testid="join-invalid">
          <EmptyState>
            <p role="alert">{gone ? texts.inviteNotFound : errorMessage(info.error, localized(TEXTS).http.internal)}</p>
          </EmptyState>
        </div>
        {/* Joined already? Sign in. */}
        <FrameLink to="/login">{t('header.login')}</FrameLink>
      </EmailLinkFrame>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { validation } = localized(TEXTS);
    const blank = blankFields(form, ['name', 'password', 'confirmPassword']);
    if (blank.length > 0) return problem.report(validation.fillAllFields, blank);
    if (form.password.length < LIMITS.passwordMin) return problem.report(validation.passwordTooShort, ['password']);
    if (form.password !== form.confirmPassword) return problem.report(validation.passwordsDoNotMatch, ['confirmPassword']);
    problem.clear();
    join.mutate(
      { name: form.name.trim(), password: form.password, confirmPassword: form.confirmPassword },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          // Someone else's session in this browser (the head trying the link) ends: the new member signs in.
          if (session.token) session.logout();
          else void navigate('/login', { replace: true });
        },
        onError: (error) => {
          const message = errorMessage(error, localized(TEXTS).http.internal);
          if (error instanceof ApiError && error.status === 404) {
            toast.error(message);
            void info.refetch();
          } else if (error instanceof ApiError && error.status === 400) {
            // The server checks what this form checked, and the name's length: point at the field it is about.
            const { validation } = localized(TEXTS);
            const field: keyof Form = message === validation.passwordTooShort ? 'password' : message === validation.passwordsDoNotMatch ? 'confirmPassword' : 'name';
            problem.report(message, [field]);
          } else {
            toast.error(message);
          }
        },
      },
    );
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

  const { department, email, teamRole } = info.data;
  return (
    <EmailLinkFrame title={ui.joinHeading(department)} intro={ui.joinIntro(email)}>
      <p className="text-sm text-slate-700" data-testid="join-role">
        {t('team.roleOf', { role: ui.roleNames[teamRole] })}
      </p>
      <form ref={problem.formRef} className="space-y-4" onSubmit={submit} noValidate>
        {/* The invited address, for password managers to file the new password under. */}
        <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
        <Field label={ui.nameLabel} autoComplete="name" maxLength={LIMITS.nameMaxChars} {...bind('name')} />
        <Field label={ui.passwordLabel} type="password" autoComplete="new-password" maxLength={LIMITS.passwordMaxChars} {...bind('password')} />
        <Field label={ui.confirmLabel} type="password" autoComplete="new-password" maxLength={LIMITS.passwordMaxChars} {...bind('confirmPassword')} />
        <button type="submit" className="btn-primary w-full" disabled={join.isPending} aria-busy={join.isPending}>
          {join.isPending ? ui.joining : ui.join}
        </button>
      </form>
    </EmailLinkFrame>
  );
}
