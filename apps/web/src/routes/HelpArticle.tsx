import Markdown, { type Components } from 'react-markdown';
import { Link, useParams } from 'react-router-dom';
import { HELP_UI } from '@civicpulse/shared';
import { ApiError } from '../api/client';
import { useHelpArticle } from '../api/help';
import { EmptyState } from '../components/EmptyState';
import { usePageTitle } from '../components/usePageTitle';
import { useLocalized, useTranslation } from '../i18n';
import NotFound from './NotFound';

/**
 * Markdown to React elements. Raw HTML in an article is never rendered (react-markdown shows it as
 * text unless a raw-HTML plugin is added, and none is), unsafe link protocols are dropped by its
 * default urlTransform, and the article's title is the page's only h1.
 */
const components: Components = {
  h1: ({ children }) => <h2>{children}</h2>,
  a: ({ href = '', children }) =>
    href.startsWith('/') && !href.startsWith('//') ? (
      <Link to={href}>{children}</Link>
    ) : (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ),
};

function BackLink() {
  const ui = useLocalized(HELP_UI);
  return (
    <Link to="/help" className="inline-flex items-center gap-1 rounded text-sm font-semibold text-brand-800 hover:underline">
      <span aria-hidden="true">←</span> {ui.backToHelp}
    </Link>
  );
}

/** /help/:slug: one article of the help corpus that 'Ask CivicPulse AI' answers from. */
export default function HelpArticle() {
  const { slug = '' } = useParams();
  const article = useHelpArticle(slug);
  const missing = article.error instanceof ApiError && article.error.status === 404;
  const { t } = useTranslation('pages');
  const ui = useLocalized(HELP_UI);
  usePageTitle(missing ? t('help.notFoundTitle') : (article.data?.title ?? t('help.pageTitle')));

  if (missing) return <NotFound />;
  return (
    <div className="page max-w-3xl">
      <BackLink />
      {article.isPending ? (
        <p role="status" className="py-12 text-center text-slate-700">
          {ui.loadingArticle}
        </p>
      ) : article.isError ? (
        <div className="mt-6">
          <h1 className="sr-only">{t('help.pageTitle')}</h1>
          <EmptyState title={ui.failedArticle}>
            <button type="button" className="btn-secondary mt-3" onClick={() => void article.refetch()}>
              {ui.tryAgain}
            </button>
          </EmptyState>
        </div>
      ) : (
        <article className="mt-6" aria-labelledby="help-article-title">
          <h1 id="help-article-title" className="text-3xl font-bold text-slate-900 sm:text-4xl">
            {article.data.title}
          </h1>
          <p className="mt-4 text-lg leading-8 text-slate-700">{article.data.summary}</p>
          <div className="prose-page mt-4 [&_a]:font-medium [&_a]:text-brand-800 [&_a]:underline [&_ol]:ml-5 [&_ol]:list-decimal [&_ol]:space-y-1 [&_strong]:font-semibold [&_strong]:text-slate-900 [&_p]:mt-3">
            <Markdown components={components}>{article.data.body}</Markdown>
          </div>
        </article>
      )}
    </div>
  );
}
