import { LANGUAGES, LANGUAGE_NAMES, type Language } from '@civicpulse/shared';
import { currentLanguage, setLanguage, useTranslation } from '../i18n';

/**
 * English / हिन्दी, in the header and the mobile menu (issue 17 item 2). Each button names its language
 * in that language (with its own `lang`), so a reader of either finds it. The choice is remembered in
 * this browser; `className` carries the display (e.g. 'hidden md:inline-flex'); `onChange` lets the signed-in app keep it in the account too.
 */
export function LanguageSwitch({ className = 'inline-flex', onChange }: { className?: string; onChange?: (lang: Language) => void }) {
  const { t } = useTranslation('common');
  const active = currentLanguage();
  return (
    <div role="group" aria-label={t('language.label')} className={`rounded-lg border border-slate-300 p-0.5 ${className}`}>
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          aria-pressed={lang === active}
          className={`rounded-md px-2 py-1 text-sm font-medium ${lang === active ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
          onClick={() => {
            if (lang === active) return;
            void setLanguage(lang).then(() => onChange?.(lang));
          }}
        >
          {LANGUAGE_NAMES[lang]}
        </button>
      ))}
    </div>
  );
}
