import { PageHeader } from '../components/PageHeader';
import { Icon, type IconName } from '../components/Icon';
import { usePageTitle } from '../components/usePageTitle';
import { useTranslation } from '../i18n';

const SERVICES: { icon: IconName; key: 'reporting' | 'tracking' | 'geo' | 'api' | 'voting' | 'sharing' }[] = [
  { icon: 'camera', key: 'reporting' },
  { icon: 'chart', key: 'tracking' },
  { icon: 'pin', key: 'geo' },
  { icon: 'api', key: 'api' },
  { icon: 'vote', key: 'voting' },
  { icon: 'share', key: 'sharing' },
];

export default function Services() {
  const { t } = useTranslation('pages');
  usePageTitle(t('services.pageTitle'));
  return (
    <div>
      <PageHeader eyebrow={t('services.eyebrow')} title={t('services.title')}>
        {t('services.intro')}
      </PageHeader>
      <div className="page">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {SERVICES.map((s) => (
            <li key={s.key} className="card">
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon name={s.icon} />
              </span>
              <h2 className="mt-4 text-lg font-semibold text-slate-900">{t(`services.items.${s.key}.title`)}</h2>
              <p className="mt-2 text-sm leading-6 text-slate-700">{t(`services.items.${s.key}.body`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
