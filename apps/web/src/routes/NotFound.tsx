import { Link } from 'react-router-dom';
import { TEXTS } from '@civicpulse/shared';
import { usePageTitle } from '../components/usePageTitle';
import { useLocalized, useTranslation } from '../i18n';

export default function NotFound() {
  const { t } = useTranslation('common');
  usePageTitle(t('notFound.pageTitle'));
  const page = useLocalized(TEXTS).notFoundPage;
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-16">
      <div className="max-w-lg text-center">
        <p className="text-7xl font-extrabold text-brand-700" aria-hidden="true">
          {page.code}
        </p>
        <h1 className="mt-4 text-3xl font-bold text-slate-900">
          <span className="sr-only">{page.code} </span>
          {page.title}
        </h1>
        <p className="mt-3 text-base leading-7 text-slate-700">{page.body}</p>
        <Link to="/" className="btn-primary mt-8 px-6 py-3 text-base">
          {page.action}
        </Link>
      </div>
    </div>
  );
}
