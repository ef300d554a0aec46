import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Trans } from 'react-i18next';
import { useTranslation } from '../i18n';

/** The card of the Login and Sign Up pages: a title, a prompt, the form, and the way to the other page. */
export function AuthCard({ title, prompt, children }: { title: string; prompt: string; children: ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-10 sm:py-16">
      <div className="mx-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-center text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-1 mb-6 text-center text-sm text-slate-600">{prompt}</p>
        {children}
      </div>
    </div>
  );
}

/** "Don't have an account? Sign up" and its twin: the sentence, with the other page's link inside it. */
export function AuthSwitch({ other }: { other: 'login' | 'signup' }) {
  const { t } = useTranslation('pages');
  const link = <Link to={`/${other}`} className="font-semibold text-brand-800 hover:underline" />;
  return (
    <p className="mt-6 text-center text-sm text-slate-600">
      {other === 'signup' ? (
        <Trans t={t} i18nKey="login.noAccount" components={{ signup: link }} />
      ) : (
        <Trans t={t} i18nKey="signup.haveAccount" components={{ login: link }} />
      )}
    </p>
  );
}
