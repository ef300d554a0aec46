import { useId } from 'react';
import { useTranslation } from '../../i18n';
import { useFormat } from '../../i18n/format';

/**
 * "Resume draft" on Create Civic Issue (issue 17, item 6): a report typed earlier on this device and
 * never sent. Resume puts it back in the form, photos included; Discard deletes it.
 */
export function DraftPrompt({ savedAt, onResume, onDiscard }: { savedAt: number; onResume: () => void; onDiscard: () => void }) {
  const { t } = useTranslation('create');
  const format = useFormat();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-2xl border border-brand-200 bg-brand-50 p-4 sm:p-5" data-testid="draft-prompt">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {t('draft.heading')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {t('draft.intro', { when: format.date(savedAt, { dateStyle: 'medium', timeStyle: 'short' }) })}
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" className="btn-primary" onClick={onResume}>
          {t('draft.resume')}
        </button>
        <button type="button" className="btn-secondary" onClick={onDiscard}>
          {t('draft.discard')}
        </button>
      </div>
    </section>
  );
}
