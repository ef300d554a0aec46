import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import toast from '../toast';
import { useMutation } from '@tanstack/react-query';
import { decodeTokenClaims, LENGTH_TEXTS, LOGIN_LINKS_UI, TEXTS, validateAdminLogin, validateLogin, type Role } from '@civicpulse/shared';
import { authApi } from '../api/auth';
import { errorMessage } from '../api/client';
import { useSession } from '../session/useSession';
import { returnPath } from '../lib/returnTo';
import { signupPrefill } from '../lib/signupPrefill';
import { AuthCard, AuthSwitch } from '../components/AuthCard';
import { bindFields } from '../components/form/bindFields';
import { Field } from '../components/form/Field';
import { Tabs } from '../components/Tabs';
import { blankFields, useFormProblem } from '../components/useFormProblem';
import { usePageTitle } from '../components/usePageTitle';
import { localized, useLocalized, useTranslation } from '../i18n';
import { textPath, useLocalizedMessage } from '../i18n/message';

const ROLES: readonly Role[] = ['user', 'government', 'admin'];

/** The success toast of each role, in the current language. */
function successText(role: Role): string {
  const { success } = localized(TEXTS);
  return role === 'user' ? success.userLoggedIn : role === 'government' ? success.governmentLoggedIn : success.adminLoggedIn;
}

interface Form {
  email: string;
  password: string;
  secretKey: string;
}
const EMPTY: Form = { email: '', password: '', secretKey: '' };

/** Raised when the client itself refuses the answer (spec 5: a government login must carry a government token). */
class LoginRefused extends Error {}

export default function Login() {
  const { t } = useTranslation('pages');
  const texts = useLocalized(TEXTS);
  const links = useLocalized(LOGIN_LINKS_UI);
  const localMessage = useLocalizedMessage(TEXTS, LENGTH_TEXTS);
  usePageTitle(t('login.pageTitle'));
  const tabs = ROLES.map((value) => ({ value, label: t(`login.roles.${value}`) }));
  const session = useSession();
  const navigate = useNavigate();
  // Sent here by a guarded page (a shared post link): back to it once signed in.
  const { state } = useLocation();
  const returnTo = returnPath(state);
  // From Signup, when it could not sign the new account in itself: its tab and address filled in.
  const [prefill] = useState(() => signupPrefill(state));
  const [role, setRole] = useState<Role>(prefill?.role ?? 'user');
  const [form, setForm] = useState<Form>(prefill ? { ...EMPTY, email: prefill.email } : EMPTY);
  // Errors of this page do not outlive it (issue 30).
  useEffect(() => () => toast.dismissErrors(), []);
  const problem = useFormProblem<keyof Form>();
  const bind = bindFields(form, setForm, problem);

  const login = useMutation({
    mutationFn: async ({ role, form }: { role: Role; form: Form }) => {
      if (role === 'user') return authApi.userLogin({ email: form.email.trim(), password: form.password });
      if (role === 'government') {
        const answer = await authApi.governmentLogin({ officialEmail: form.email.trim(), password: form.password });
        if (decodeTokenClaims(answer.token)?.role !== 'government') throw new LoginRefused(localized(TEXTS).auth.notGovernment);
        return answer;
      }
      return authApi.adminLogin({ email: form.email.trim(), password: form.password, secretKey: form.secretKey });
    },
    onSuccess: ({ token }, { role }) => {
      if (!session.login(token)) {
        toast.error(localized(TEXTS).errors.loginFailed);
        return;
      }
      toast.dismissErrors();
      toast.success(successText(role));
      void navigate(returnTo, { replace: true });
    },
    onError: (error) => {
      toast.error(error instanceof LoginRefused ? error.message : errorMessage(error, texts.errors.loginFailed));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const message = role === 'admin' ? validateAdminLogin(form) : validateLogin(form);
    if (message) {
      // "Fill in all fields" points at the blank fields; a length text at the field it names.
      const long = textPath(LENGTH_TEXTS, message);
      const tooLong = long === 'email' || long === 'password' || long === 'secretKey' ? long : null;
      toast.dismissErrors(localMessage(message));
      problem.report(localMessage(message), tooLong ? [tooLong] : blankFields(form, role === 'admin' ? ['email', 'password', 'secretKey'] : ['email', 'password']));
      return;
    }
    toast.dismissErrors();
    problem.clear();
    login.mutate({ role, form });
  };

  const changeRole = (next: Role) => {
    toast.dismissErrors();
    setRole(next);
    setForm(EMPTY);
    problem.clear();
  };

  const emailLabel = role === 'government' ? t('login.officialEmail') : t('login.email');

  return (
    <AuthCard title={t('login.title')} prompt={t('login.prompt')}>
      <Tabs tabs={tabs} value={role} onChange={changeRole} label={t('login.roleTabs')} idPrefix="login" />
      <form
        ref={problem.formRef}
        id="login-panel"
        role="tabpanel"
        aria-labelledby={`login-tab-${role}`}
        className="mt-6 space-y-4"
        onSubmit={onSubmit}
        noValidate
      >
        <Field label={emailLabel} type="email" autoComplete="email" {...bind('email')} name={role === 'government' ? 'officialEmail' : 'email'} />
        <Field label={t('login.password')} type="password" autoComplete="current-password" {...bind('password')} />
        {role === 'admin' ? (
          <Field label={t('login.secretKey')} type="password" autoComplete="off" {...bind('secretKey')} />
        ) : (
          // Issue 27 item 4 (an admin's password is the operator's: no mailed reset for it).
          <p className="-mt-2 text-right text-sm">
            <Link to="/forgot-password" className="font-semibold text-brand-800 hover:underline">
              {links.forgotPassword}
            </Link>
          </p>
        )}
        <button type="submit" className="btn-primary w-full" disabled={login.isPending}>
          {login.isPending ? t('login.loggingIn') : t('login.login')}
        </button>
      </form>
      <AuthSwitch other="signup" />
    </AuthCard>
  );
}
