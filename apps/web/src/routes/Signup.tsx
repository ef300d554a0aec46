import { startTransition, useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Trans } from 'react-i18next';
import toast from '../toast';
import { useMutation } from '@tanstack/react-query';
import {
  DASHBOARD_PATH,
  decodeTokenClaims,
  isAllowedProofMime,
  LENGTH_TEXTS,
  LIMITS,
  TEXTS,
  validateGovernmentSignup,
  validateUserSignup,
} from '@civicpulse/shared';
import { authApi } from '../api/auth';
import { errorMessage } from '../api/client';
import { AuthCard, AuthSwitch } from '../components/AuthCard';
import { bindFields } from '../components/form/bindFields';
import { Field, FieldFrame } from '../components/form/Field';
import { PasswordPair } from '../components/form/PasswordPair';
import { Tabs } from '../components/Tabs';
import { blankFields, useFormProblem } from '../components/useFormProblem';
import { usePageTitle } from '../components/usePageTitle';
import type { SignupPrefill } from '../lib/signupPrefill';
import { useSession } from '../session/useSession';
import { localized, useLocalized, useTranslation } from '../i18n';
import { textPath, useLocalizedMessage } from '../i18n/message';

type Kind = 'user' | 'government';
const KINDS: readonly Kind[] = ['user', 'government'];

interface UserForm {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}
const EMPTY_USER: UserForm = { name: '', email: '', password: '', confirmPassword: '' };

interface GovForm {
  department: string;
  email: string;
  password: string;
  confirmPassword: string;
  phone: string;
  city: string;
}
const EMPTY_GOV: GovForm = { department: '', email: '', password: '', confirmPassword: '', phone: '', city: '' };

/** Which check a signup text comes from: 'validation.<key>' (TEXTS) or 'length.<field>' (LENGTH_TEXTS). */
function checkOf(message: string): string | null {
  const length = textPath(LENGTH_TEXTS, message);
  return length ? `length.${length}` : textPath(TEXTS, message);
}

/** The fields a signup check's text is about (a text we do not know stays a toast only). */
function userProblemFields(message: string, form: UserForm): (keyof UserForm)[] {
  switch (checkOf(message)) {
    case 'validation.fillAllFields':
      return blankFields(form, ['name', 'email', 'password', 'confirmPassword']);
    case 'validation.invalidEmailAddress':
    case 'length.email':
      return ['email'];
    case 'validation.passwordTooShort':
    case 'length.password':
      return ['password'];
    case 'validation.passwordsDoNotMatch':
      return ['confirmPassword'];
    case 'length.name':
      return ['name'];
    default:
      return [];
  }
}

type GovField = keyof GovForm | 'proofDoc';
function govProblemFields(message: string, form: GovForm, proof: File | null): GovField[] {
  switch (checkOf(message)) {
    case 'validation.fillRequiredFields':
      return blankFields({ ...form, proofDoc: proof }, ['email', 'password', 'confirmPassword', 'phone', 'proofDoc']);
    case 'validation.passwordsDoNotMatch':
      return ['confirmPassword'];
    case 'validation.invalidEmailFormat':
    case 'length.email':
      return ['email'];
    case 'validation.phoneDigits':
    case 'validation.phoneFormat':
      return ['phone'];
    case 'validation.passwordTooShort':
    case 'length.password':
      return ['password'];
    case 'length.department':
      return ['department'];
    case 'length.city':
      return ['city'];
    default:
      return [];
  }
}

/** What signing up gives: the new account's session token when the sign-in after it worked. */
interface SignedUp {
  email: string;
  token: string | null;
}

/**
 * Signs in with what was just registered (issue 30), through the same login routes as the Login page; the
 * signup answer carries no token. Any failure here leaves the account made: the caller goes to Login.
 */
async function signInAfterSignup(kind: Kind, email: string, password: string): Promise<SignedUp> {
  try {
    const { token } = kind === 'user' ? await authApi.userLogin({ email, password }) : await authApi.governmentLogin({ officialEmail: email, password });
    return { email, token: decodeTokenClaims(token)?.role === kind ? token : null };
  } catch {
    return { email, token: null };
  }
}

/**
 * After a signup: the spec's success toast, earlier error toasts gone, and the person signed in, where Login
 * takes them ('/'); a department to its dashboard instead, whose banner says it waits for an admin's
 * verification (PendingVerificationBanner). Without a session (the sign-in failed), to Login with the
 * email filled in and the account's tab chosen.
 */
function useAfterSignup(kind: Kind) {
  const session = useSession();
  const navigate = useNavigate();
  return ({ email, token }: SignedUp) => {
    toast.dismissErrors();
    const { success } = localized(TEXTS);
    toast.success(kind === 'user' ? success.userRegistered : success.governmentRegistered);
    let signedIn = false;
    // One transition with the router's own, so GuestOnly (which sends a signed-in visitor of /signup to '/')
    // never renders the new session before the new address.
    startTransition(() => {
      signedIn = token !== null && session.login(token) !== null;
      if (signedIn) void navigate(kind === 'government' ? DASHBOARD_PATH.government : '/', { replace: true });
    });
    if (signedIn) return;
    const prefill: SignupPrefill = { email, role: kind };
    void navigate('/login', { state: prefill });
  };
}

function UserSignup() {
  const { t } = useTranslation('pages');
  const texts = useLocalized(TEXTS);
  const localMessage = useLocalizedMessage(TEXTS, LENGTH_TEXTS);
  const [form, setForm] = useState<UserForm>(EMPTY_USER);
  const problem = useFormProblem<keyof UserForm>();
  const bind = bindFields(form, setForm, problem);

  const afterSignup = useAfterSignup('user');

  const signup = useMutation({
    mutationFn: async (f: UserForm) => {
      const email = f.email.trim();
      await authApi.userSignup({ name: f.name.trim(), email, password: f.password });
      return signInAfterSignup('user', email, f.password);
    },
    onSuccess: afterSignup,
    onError: (error) => toast.error(errorMessage(error, texts.errors.signupFailed)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const message = validateUserSignup(form, { requireConfirm: true });
    if (message) {
      const shown = localMessage(message);
      toast.dismissErrors(shown);
      problem.report(shown, userProblemFields(message, form));
      return;
    }
    toast.dismissErrors();
    problem.clear();
    signup.mutate(form);
  };

  return (
    <form
      ref={problem.formRef}
      id="signup-panel"
      role="tabpanel"
      aria-labelledby="signup-tab-user"
      className="mt-6 space-y-4"
      onSubmit={onSubmit}
      noValidate
    >
      <Field label={t('signup.fullName')} autoComplete="name" {...bind('name')} />
      <Field label={t('signup.email')} type="email" autoComplete="email" {...bind('email')} />
      <PasswordPair
        password={bind('password')}
        confirm={bind('confirmPassword')}
        passwordLabel={t('signup.password')}
        confirmLabel={t('signup.confirmPassword')}
        hint={t('signup.passwordHint', { min: LIMITS.passwordMin })}
      />
      <button type="submit" className="btn-primary w-full" disabled={signup.isPending}>
        {signup.isPending ? t('signup.registering') : t('signup.signUp')}
      </button>
    </form>
  );
}

function GovernmentSignup() {
  const { t } = useTranslation('pages');
  const texts = useLocalized(TEXTS);
  const localMessage = useLocalizedMessage(TEXTS, LENGTH_TEXTS);
  const [form, setForm] = useState<GovForm>(EMPTY_GOV);
  const [proof, setProof] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const proofId = useId();
  const problem = useFormProblem<GovField>();
  const bind = bindFields(form, setForm, problem);

  const clearProof = () => {
    setProof(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const onProof = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    if (!file) {
      setProof(null);
      return;
    }
    // Spec 5: an image or a PDF; refused here, before anything is sent.
    if (!isAllowedProofMime(file.type)) {
      toast.error(texts.validation.proofDocType);
      clearProof();
      return;
    }
    if (file.size > LIMITS.proofDocMaxBytes) {
      toast.error(texts.validation.proofDocTooLarge);
      clearProof();
      return;
    }
    setProof(file);
    problem.fix('proofDoc');
  };

  const afterSignup = useAfterSignup('government');

  const signup = useMutation({
    mutationFn: async ({ form, proof }: { form: GovForm; proof: File }) => {
      const body = new FormData();
      body.append('department', form.department.trim());
      body.append('email', form.email.trim());
      body.append('password', form.password);
      body.append('confirmPassword', form.confirmPassword);
      body.append('phone', form.phone.trim());
      body.append('city', form.city.trim());
      body.append('proofDoc', proof, proof.name);
      await authApi.governmentSignup(body);
      return signInAfterSignup('government', form.email.trim(), form.password);
    },
    onSuccess: afterSignup,
    onError: (error) => toast.error(errorMessage(error, texts.errors.signupFailed)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const message = validateGovernmentSignup({ ...form, hasProofDoc: proof !== null });
    if (message || !proof) {
      // Without a proof the check always answers (its 'fill in the required fields' text).
      const text = message ?? validateGovernmentSignup({ ...form, hasProofDoc: false }) ?? '';
      const shown = localMessage(text);
      toast.dismissErrors(shown);
      problem.report(shown, govProblemFields(text, form, proof));
      return;
    }
    toast.dismissErrors();
    problem.clear();
    signup.mutate({ form, proof });
  };

  return (
    <form
      ref={problem.formRef}
      id="signup-panel"
      role="tabpanel"
      aria-labelledby="signup-tab-government"
      className="mt-6 space-y-4"
      onSubmit={onSubmit}
      noValidate
    >
      <Field label={t('signup.department')} autoComplete="organization" {...bind('department')} />
      <Field label={t('signup.officialEmail')} type="email" autoComplete="email" {...bind('email')} />
      <PasswordPair
        password={bind('password')}
        confirm={bind('confirmPassword')}
        passwordLabel={t('signup.password')}
        confirmLabel={t('signup.confirmPassword')}
        className="grid gap-4 sm:grid-cols-2"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('signup.phone')} type="tel" inputMode="tel" autoComplete="tel" hint={t('signup.phoneHint')} {...bind('phone')} />
        <Field label={t('signup.city')} autoComplete="address-level2" {...bind('city')} />
      </div>
      <FieldFrame label={t('signup.proofDocument')} id={proofId} problem={problem.field('proofDoc')} describedBy={`${proofId}-status`}>
        {(aria) => (
          <div className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed border-slate-400 bg-slate-50 px-3 py-3">
            <input
              ref={fileInput}
              name="proofDoc"
              type="file"
              accept="image/*,application/pdf"
              {...aria}
              onChange={onProof}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-700 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-white hover:file:bg-brand-800"
            />
            <p id={`${proofId}-status`} className="w-full text-xs text-slate-600" aria-live="polite">
              {proof ? (
                <Trans
                  t={t}
                  i18nKey="signup.proofSelected"
                  values={{ name: proof.name }}
                  components={{ name: <span className="font-medium break-all text-slate-900" /> }}
                />
              ) : (
                t('signup.proofHint')
              )}
            </p>
          </div>
        )}
      </FieldFrame>
      <button type="submit" className="btn-primary w-full" disabled={signup.isPending}>
        {signup.isPending ? t('signup.registering') : t('signup.signUp')}
      </button>
    </form>
  );
}

export default function Signup() {
  const { t } = useTranslation('pages');
  usePageTitle(t('signup.pageTitle'));
  const [kind, setKind] = useState<Kind>('user');
  // Errors of this page do not outlive it (issue 30): gone when the person leaves for another page.
  useEffect(() => () => toast.dismissErrors(), []);
  const tabs = KINDS.map((value) => ({ value, label: t(`signup.kinds.${value}`) }));
  return (
    <AuthCard title={t('signup.title')} prompt={t('signup.prompt')}>
      <Tabs
        tabs={tabs}
        value={kind}
        onChange={(next) => {
          toast.dismissErrors();
          setKind(next);
        }}
        label={t('signup.typeTabs')}
        idPrefix="signup"
      />
      {kind === 'user' ? <UserSignup /> : <GovernmentSignup />}
      <AuthSwitch other="login" />
    </AuthCard>
  );
}
