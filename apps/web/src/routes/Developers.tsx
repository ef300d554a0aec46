import { Link } from 'react-router-dom';
import { CONTACT_DETAILS } from '@civicpulse/shared';
import { Avatar } from '../components/Avatar';
import { PageHeader } from '../components/PageHeader';
import { usePageTitle } from '../components/usePageTitle';
import { useTranslation } from '../i18n';

export default function Developers() {
  const { t } = useTranslation('pages');
  usePageTitle(t('developers.pageTitle'));
  return (
    <div>
      <PageHeader eyebrow={t('developers.eyebrow')} title={t('developers.title')}>
        {t('developers.intro')}
      </PageHeader>
      <div className="page">
        {/* Centred, so one card does not sit alone at the left of an empty row. */}
        <ul className="flex flex-wrap justify-center gap-6">
          <li className="card w-full text-center sm:max-w-sm">
            <div className="flex justify-center">
              <Avatar name="CivicPulse Team" size="h-24 w-24 text-2xl" />
            </div>
            <h2 className="mt-4 text-xl font-semibold text-slate-900">{t('developers.teamName')}</h2>
            <p className="text-sm font-medium text-brand-800">{t('developers.teamRole')}</p>
            <p className="mt-3 text-sm leading-6 text-slate-700">{t('developers.teamBody')}</p>
            <div className="mt-5 flex flex-wrap justify-center gap-3">
              <a className="btn-secondary" href={`mailto:${CONTACT_DETAILS.email}`}>
                {t('developers.emailTeam')}
              </a>
              <Link className="btn-ghost" to="/contact">
                {t('developers.contactForm')}
              </Link>
            </div>
          </li>
        </ul>
      </div>
    </div>
  );
}
