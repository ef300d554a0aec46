import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Trans } from 'react-i18next';
import toast from '../toast';
import { useMutation } from '@tanstack/react-query';
import {
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

function UserSignup() {
  const { t } = useTranslation('pages');
  const texts = useLocalized(TEXTS);
  const localMessage = useLocalizedMessage(TEXTS, LENGTH_TEXTS);
  const [form, setForm] = useState<UserForm>(EMPTY_USER);
  const problem = useFormProblem<keyof UserForm>();
  const bind = bindFields(form, setForm, problem);

  const signup = useMutation({
    mutationFn: (f: UserForm) => authApi.userSignup({ name: f.name.trim(), email: f.email.trim(), password: f.password }),
    onSuccess: () => {
      toast.success(localized(TEXTS).success.userRegistered);
      setForm(EMPTY_USER);
    },
    onError: (error) => toast.error(errorMessage(error, texts.errors.signupFailed)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const message = validateUserSignup(form, { requireConfirm: true });
    if (message) {
      problem.report(localMessage(message), userProblemFields(message, form));
      return;
    }
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

  const signup = useMutation({
    mutationFn: ({ form, proof }: { form: GovForm; proof: File }) => {
      const body = new FormData();
      body.append('department', form.department.trim());
      body.append('email', form.email.trim());
      body.append('password', form.password);
      body.append('confirmPassword', form.confirmPassword);
      body.append('phone', form.phone.trim());
      body.append('city', form.city.trim());
      body.append('proofDoc', proof, proof.name);
      return authApi.governmentSignup(body);
    },
    onSuccess: () => {
      toast.success(localized(TEXTS).success.governmentRegistered);
      setForm(EMPTY_GOV);
      clearProof();
    },
    onError: (error) => toast.error(errorMessage(error, texts.errors.signupFailed)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const message = validateGovernmentSignup({ ...form, hasProofDoc: proof !== null });
    if (message || !proof) {
      // Without a proof the check always answers (its 'fill in the required fields' text).
      const text = message ?? validateGovernmentSignup({ ...form, hasProofDoc: false }) ?? '';
      problem.report(localMessage(text), govProblemFields(text, form, proof));
      return;
    }
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
        <Field label={t('signup.phone')} type="tel" inputMode="numeric" autoComplete="tel-national" hint={t('signup.phoneHint')} {...bind('phone')} />
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
  const tabs = KINDS.map((value) => ({ value, label: t(`signup.kinds.${value}`) }));
  return (
    <AuthCard title={t('signup.title')} prompt={t('signup.prompt')}>
      <Tabs tabs={tabs} value={kind} onChange={setKind} label={t('signup.typeTabs')} idPrefix="signup" />
      {kind === 'user' ? <UserSignup /> : <GovernmentSignup />}
      <AuthSwitch other="login" />
    </AuthCard>
  );
}
