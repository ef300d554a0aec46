import type { ReactNode } from 'react';
import { useTranslation } from '../i18n';

export function EmptyState({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      {title && <p className="text-base font-semibold text-slate-900">{title}</p>}
      <div className="mx-auto mt-1 max-w-md text-sm leading-6 text-slate-600">{children}</div>
    </div>
  );
}

/** A dashboard screen that a later release fills in: it says plainly what the screen is for. */
export function PendingScreen({ title, purpose }: { title: string; purpose: string }) {
  const { t } = useTranslation('common');
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className="text-2xl font-bold text-slate-900">
        {title}
      </h1>
      <p className="mt-2 max-w-2xl text-sm leading-6 text-slate-700">{purpose}</p>
      <div className="mt-6">
        <EmptyState title={t('pending.title')}>{t('pending.body')}</EmptyState>
      </div>
    </section>
  );
}
