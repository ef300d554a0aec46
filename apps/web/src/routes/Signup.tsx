import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
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
import { AuthCard } from '../components/AuthCard';
import { Field } from '../components/Field';
import { Tabs } from '../components/Tabs';
import { blankFields, FieldError, invalidProps, useFormProblem } from '../components/useFormProblem';
import { usePageTitle } from '../components/usePageTitle';

type Kind = 'user' | 'government';
const TABS: { value: Kind; label: string }[] = [
  { value: 'user', label: 'User' },
  { value: 'government', label: 'Government' },
];

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

const V = TEXTS.validation;

/** The fields a signup check's text is about (a text we do not know stays a toast only). */
function userProblemFields(message: string, form: UserForm): (keyof UserForm)[] {
  if (message === V.fillAllFields) return blankFields(form, ['name', 'email', 'password', 'confirmPassword']);
  if (message === V.invalidEmailAddress) return ['email'];
  if (message === V.passwordTooShort || message === LENGTH_TEXTS.password) return ['password'];
  if (message === V.passwordsDoNotMatch) return ['confirmPassword'];
  if (message === LENGTH_TEXTS.name) return ['name'];
  if (message === LENGTH_TEXTS.email) return ['email'];
  return [];
}

type GovField = keyof GovForm | 'proofDoc';
function govProblemFields(message: string, form: GovForm, proof: File | null): GovField[] {
  if (message === V.fillRequiredFields) {
    return blankFields({ ...form, proofDoc: proof }, ['email', 'password', 'confirmPassword', 'phone', 'proofDoc']);
  }
  if (message === V.passwordsDoNotMatch) return ['confirmPassword'];
  if (message === V.invalidEmailFormat) return ['email'];
  if (message === V.phoneDigits) return ['phone'];
  if (message === V.passwordTooShort || message === LENGTH_TEXTS.password) return ['password'];
  if (message === LENGTH_TEXTS.department) return ['department'];
  if (message === LENGTH_TEXTS.email) return ['email'];
  if (message === LENGTH_TEXTS.city) return ['city'];
  return [];
}

function UserSignup() {
  const [form, setForm] = useState<UserForm>(EMPTY_USER);
  const problem = useFormProblem<keyof UserForm>();
  const set = (key: keyof UserForm) => (e: ChangeEvent<HTMLInputElement>) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    problem.fix(key);
  };

  const signup = useMutation({
    mutationFn: (f: UserForm) => authApi.userSignup({ name: f.name.trim(), email: f.email.trim(), password: f.password }),
    onSuccess: () => {
      toast.success(TEXTS.success.userRegistered);
      setForm(EMPTY_USER);
    },
    onError: (error) => toast.error(errorMessage(error, TEXTS.errors.signupFailed)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const message = validateUserSignup(form, { requireConfirm: true });
    if (message) {
      problem.report(message, userProblemFields(message, form));
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
      <Field label="Full Name" name="name" autoComplete="name" value={form.name} onChange={set('name')} problem={problem.field('name')} />
      <Field
        label="Email"
        name="email"
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
        autoComplete="new-password"
        hint={`At least ${LIMITS.passwordMin} characters`}
        value={form.password}
        onChange={set('password')}
        problem={problem.field('password')}
      />
      <Field
        label="Confirm Password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={form.confirmPassword}
        onChange={set('confirmPassword')}
        problem={problem.field('confirmPassword')}
      />
      <button type="submit" className="btn-primary w-full" disabled={signup.isPending}>
        {signup.isPending ? 'Registering...' : 'Sign Up'}
      </button>
    </form>
  );
}

function GovernmentSignup() {
  const [form, setForm] = useState<GovForm>(EMPTY_GOV);
  const [proof, setProof] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const proofId = useId();
  const problem = useFormProblem<GovField>();
  const set = (key: keyof GovForm) => (e: ChangeEvent<HTMLInputElement>) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    problem.fix(key);
  };

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
      toast.error(TEXTS.validation.proofDocType);
      clearProof();
      return;
    }
    if (file.size > LIMITS.proofDocMaxBytes) {
      toast.error(TEXTS.validation.proofDocTooLarge);
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
      toast.success(TEXTS.success.governmentRegistered);
      setForm(EMPTY_GOV);
      clearProof();
    },
    onError: (error) => toast.error(errorMessage(error, TEXTS.errors.signupFailed)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const message = validateGovernmentSignup({ ...form, hasProofDoc: proof !== null }) ?? (proof ? null : V.fillRequiredFields);
    if (message || !proof) {
      const text = message ?? V.fillRequiredFields;
      problem.report(text, govProblemFields(text, form, proof));
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
      <Field
        label="Department"
        name="department"
        autoComplete="organization"
        value={form.department}
        onChange={set('department')}
        problem={problem.field('department')}
      />
      <Field
        label="Official Email"
        name="email"
        type="email"
        autoComplete="email"
        value={form.email}
        onChange={set('email')}
        problem={problem.field('email')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          problem={problem.field('password')}
        />
        <Field
          label="Confirm Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
          problem={problem.field('confirmPassword')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Phone"
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          hint="10 digits"
          value={form.phone}
          onChange={set('phone')}
          problem={problem.field('phone')}
        />
        <Field
          label="City"
          name="city"
          autoComplete="address-level2"
          value={form.city}
          onChange={set('city')}
          problem={problem.field('city')}
        />
      </div>
      <div>
        <label htmlFor={proofId} className="field-label">
          Proof Document
        </label>
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed border-slate-400 bg-slate-50 px-3 py-3">
          <input
            ref={fileInput}
            id={proofId}
            name="proofDoc"
            type="file"
            accept="image/*,application/pdf"
            {...invalidProps(problem.field('proofDoc'), `${proofId}-status`)}
            onChange={onProof}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-700 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-white hover:file:bg-brand-800"
          />
          <p id={`${proofId}-status`} className="w-full text-xs text-slate-600" aria-live="polite">
            {proof ? (
              <>
                Selected: <span className="font-medium break-all text-slate-900">{proof.name}</span>
              </>
            ) : (
              'An image or a PDF proving your department (at most 5 MB).'
            )}
          </p>
        </div>
        <FieldError problem={problem.field('proofDoc')} />
      </div>
      <button type="submit" className="btn-primary w-full" disabled={signup.isPending}>
        {signup.isPending ? 'Registering...' : 'Sign Up'}
      </button>
    </form>
  );
}

export default function Signup() {
  usePageTitle('Sign Up');
  const [kind, setKind] = useState<Kind>('user');
  return (
    <AuthCard title="Create an Account" prompt="Select your signup type to begin">
      <Tabs tabs={TABS} value={kind} onChange={setKind} label="Signup type" idPrefix="signup" />
      {kind === 'user' ? <UserSignup /> : <GovernmentSignup />}
      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link to="/login" className="font-semibold text-brand-800 hover:underline">
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
