import { Link } from 'react-router-dom';
import { Trans } from 'react-i18next';
import { HELP_UI, helpPath } from '@civicpulse/shared';
import { useHelpArticles } from '../api/help';
import { EmptyState } from '../components/EmptyState';
import { PageHeader } from '../components/PageHeader';
import { usePageTitle } from '../components/usePageTitle';
import { useLocalized, useTranslation } from '../i18n';

/** The questions, in order; their texts are pages:help.faq.<key>.q / .a (links and emphasis as <tags>). */
const FAQ = ['whatIs', 'report', 'track', 'reviews', 'profile', 'department', 'login'] as const;

/** Every article of the help corpus (the one 'Ask CivicPulse AI' answers from), each linking to its page. */
function HelpArticles() {
  const articles = useHelpArticles();
  const ui = useLocalized(HELP_UI);
  return (
    <section aria-labelledby="help-articles" className="mt-12">
      <h2 id="help-articles" className="text-2xl font-bold text-slate-900">
        {ui.articlesHeading}
      </h2>
      <div className="mt-4">
        {articles.isPending ? (
          <p role="status" className="text-sm text-slate-700">
            {ui.loadingArticles}
          </p>
        ) : articles.isError ? (
          <EmptyState title={ui.failedArticles}>
            <button type="button" className="btn-secondary mt-3" onClick={() => void articles.refetch()}>
              {ui.tryAgain}
            </button>
          </EmptyState>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2" data-testid="help-articles">
            {articles.data.map((a) => (
              <li key={a.slug} className="card p-5">
                <h3 className="text-base font-semibold text-slate-900">
                  <Link to={helpPath(a.slug)} className="rounded text-brand-800 hover:underline">
                    {a.title}
                  </Link>
                </h3>
                <p className="mt-1 text-sm leading-6 text-slate-700">{a.summary}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

export default function Help() {
  const { t } = useTranslation('pages');
  usePageTitle(t('help.pageTitle'));
  const links = { signup: <Link to="/signup" />, contact: <Link to="/contact" />, strong: <strong /> };
  return (
    <div>
      <PageHeader eyebrow={t('help.eyebrow')} title={t('help.title')}>
        {t('help.intro')}
      </PageHeader>
      <div className="page max-w-3xl">
        <div className="space-y-3">
          {FAQ.map((key) => (
            <details key={key} className="group card p-0">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-6 py-4 text-base font-semibold text-slate-900">
                {t(`help.faq.${key}.q`)}
                <span aria-hidden="true" className="text-xl text-brand-700 transition-transform group-open:rotate-45">
                  +
                </span>
              </summary>
              <div className="px-6 pb-5 text-sm leading-7 text-slate-700 [&_a]:font-medium [&_a]:text-brand-800 [&_a]:underline">
                <Trans t={t} i18nKey={`help.faq.${key}.a`} components={links} />
              </div>
            </details>
          ))}
        </div>
        <HelpArticles />
        <p className="mt-8 text-sm text-slate-700">
          <Trans t={t} i18nKey="help.stillStuck" components={{ contact: <Link to="/contact" className="font-medium text-brand-800 underline" /> }} />
        </p>
      </div>
    </div>
  );
}
