import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import toast from '../toast';
import { useMutation } from '@tanstack/react-query';
import { decodeTokenClaims, LENGTH_TEXTS, TEXTS, validateAdminLogin, validateLogin, type Role } from '@civicpulse/shared';
import { authApi } from '../api/auth';
import { errorMessage } from '../api/client';
import { useSession } from '../session/useSession';
import { AuthCard } from '../components/AuthCard';
import { Field } from '../components/Field';
import { Tabs } from '../components/Tabs';
import { blankFields, useFormProblem } from '../components/useFormProblem';
import { usePageTitle } from '../components/usePageTitle';

const TABS: { value: Role; label: string }[] = [
  { value: 'user', label: 'User' },
  { value: 'government', label: 'Government' },
  { value: 'admin', label: 'Admin' },
];

const SUCCESS: Record<Role, string> = {
  user: TEXTS.success.userLoggedIn,
  government: TEXTS.success.governmentLoggedIn,
  admin: TEXTS.success.adminLoggedIn,
};

interface Form {
  email: string;
  password: string;
  secretKey: string;
}
const EMPTY: Form = { email: '', password: '', secretKey: '' };

/** Raised when the client itself refuses the answer (spec 5: a government login must carry a government token). */
class LoginRefused extends Error {}

export default function Login() {
  usePageTitle('Login');
  const session = useSession();
  const navigate = useNavigate();
  const [role, setRole] = useState<Role>('user');
  const [form, setForm] = useState<Form>(EMPTY);
  const problem = useFormProblem<keyof Form>();
  const set = (key: keyof Form) => (e: ChangeEvent<HTMLInputElement>) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    problem.fix(key);
  };

  const login = useMutation({
    mutationFn: async ({ role, form }: { role: Role; form: Form }) => {
      if (role === 'user') return authApi.userLogin({ email: form.email.trim(), password: form.password });
      if (role === 'government') {
        const answer = await authApi.governmentLogin({ officialEmail: form.email.trim(), password: form.password });
        if (decodeTokenClaims(answer.token)?.role !== 'government') throw new LoginRefused(TEXTS.auth.notGovernment);
        return answer;
      }
      return authApi.adminLogin({ email: form.email.trim(), password: form.password, secretKey: form.secretKey });
    },
    onSuccess: ({ token }, { role }) => {
      if (!session.login(token)) {
        toast.error(TEXTS.errors.loginFailed);
        return;
      }
      toast.success(SUCCESS[role]);
      void navigate('/', { replace: true });
    },
    onError: (error) => {
      toast.error(error instanceof LoginRefused ? error.message : errorMessage(error, TEXTS.errors.loginFailed));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const message = role === 'admin' ? validateAdminLogin(form) : validateLogin(form);
    if (message) {
      // "Fill in all fields" points at the blank fields; a length text at the field it names.
      const tooLong = message === LENGTH_TEXTS.email ? 'email' : message === LENGTH_TEXTS.password ? 'password' : message === LENGTH_TEXTS.secretKey ? 'secretKey' : null;
      problem.report(message, tooLong ? [tooLong] : blankFields(form, role === 'admin' ? ['email', 'password', 'secretKey'] : ['email', 'password']));
      return;
    }
    problem.clear();
    login.mutate({ role, form });
  };

  const changeRole = (next: Role) => {
    setRole(next);
    setForm(EMPTY);
    problem.clear();
  };

  const emailLabel = role === 'government' ? 'Official Email' : 'Email';

  return (
    <AuthCard title="Welcome Back" prompt="Select your login role to continue">
      <Tabs tabs={TABS} value={role} onChange={changeRole} label="Login role" idPrefix="login" />
      <form
        ref={problem.formRef}
        id="login-panel"
        role="tabpanel"
        aria-labelledby={`login-tab-${role}`}
        className="mt-6 space-y-4"
        onSubmit={onSubmit}
        noValidate
      >
        <Field
          label={emailLabel}
          name={role === 'government' ? 'officialEmail' : 'email'}
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          problem={problem.field('email')}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={form.password}
          onChange={set('password')}
          problem={problem.field('password')}
        />
        {role === 'admin' && (
          <Field
            label="Secret Key"
            name="secretKey"
            type="password"
            autoComplete="off"
            value={form.secretKey}
            onChange={set('secretKey')}
            problem={problem.field('secretKey')}
          />
        )}
        <button type="submit" className="btn-primary w-full" disabled={login.isPending}>
          {login.isPending ? 'Logging in...' : 'Login'}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Don&apos;t have an account?{' '}
        <Link to="/signup" className="font-semibold text-brand-800 hover:underline">
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}
