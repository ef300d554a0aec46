import { Link } from 'react-router-dom';
import { PageHeader } from '../components/PageHeader';
import { Icon, type IconName } from '../components/Icon';
import { usePageTitle } from '../components/usePageTitle';
import { Trans } from 'react-i18next';
import { useTranslation } from '../i18n';

const AUDIENCES: { icon: IconName; key: 'citizens' | 'departments' | 'admins' }[] = [
  { icon: 'users', key: 'citizens' },
  { icon: 'building', key: 'departments' },
  { icon: 'shield', key: 'admins' },
];

const BELIEFS = ['transparency', 'accountability', 'participation', 'privacy'] as const;

export default function About() {
  const { t } = useTranslation('pages');
  usePageTitle(t('about.pageTitle'));
  return (
    <div>
      <PageHeader eyebrow={t('about.eyebrow')} title={t('about.title')}>
        {t('about.intro')}
      </PageHeader>
      <div className="page prose-page">
        <div className="grid gap-10 lg:grid-cols-[2fr_1fr]">
          <div>
            <h2>{t('about.whyHeading')}</h2>
            <p>{t('about.why1')}</p>
            <p className="mt-4">{t('about.why2')}</p>
            <h2>{t('about.believeHeading')}</h2>
            <ul>
              {BELIEFS.map((b) => (
                <li key={b}>
                  <Trans t={t} i18nKey={`about.believe.${b}`} components={{ strong: <strong /> }} />
                </li>
              ))}
            </ul>
          </div>
          <aside className="card h-fit">
            <h2 className="!mt-0">{t('about.involvedHeading')}</h2>
            <p>{t('about.involved')}</p>
            <div className="mt-4 flex flex-wrap gap-3">
              <Link to="/signup" className="btn-primary">
                {t('about.createAccount')}
              </Link>
              <Link to="/contact" className="btn-secondary">
                {t('about.contactUs')}
              </Link>
            </div>
          </aside>
        </div>
        <h2>{t('about.forHeading')}</h2>
        <div className="mt-4 grid gap-6 md:grid-cols-3">
          {AUDIENCES.map((a) => (
            <article key={a.key} className="card">
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon name={a.icon} />
              </span>
              <h3 className="mt-3 text-lg font-semibold text-slate-900">{t(`about.audiences.${a.key}.title`)}</h3>
              <p className="mt-2 text-sm">{t(`about.audiences.${a.key}.body`)}</p>
            </article>
          ))}
        </div>
      </div>
    </div>
  );
}
