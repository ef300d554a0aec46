import { Trans } from 'react-i18next';
import { CONTACT_DETAILS } from '@civicpulse/shared';
import { PageHeader } from '../components/PageHeader';
import { usePageTitle } from '../components/usePageTitle';
import { useTranslation } from '../i18n';

const COLLECTED = ['account', 'reports', 'participation', 'profile'] as const;
const USES = ['show', 'contact', 'safety', 'answer'] as const;

export default function Policy() {
  const { t } = useTranslation('pages');
  usePageTitle(t('policy.pageTitle'));
  return (
    <div>
      <PageHeader eyebrow={t('policy.eyebrow')} title={t('policy.title')}>
        <p>{t('policy.updated')}</p>
      </PageHeader>
      <article className="page prose-page max-w-3xl">
        <p>{t('policy.intro')}</p>
        <h2>{t('policy.collectHeading')}</h2>
        <ul>
          {COLLECTED.map((key) => (
            <li key={key}>
              <Trans t={t} i18nKey={`policy.collect.${key}`} components={{ strong: <strong /> }} />
            </li>
          ))}
        </ul>
        <h2>{t('policy.useHeading')}</h2>
        <ul>
          {USES.map((key) => (
            <li key={key}>{t(`policy.use.${key}`)}</li>
          ))}
        </ul>
        <p className="mt-4">{t('policy.noSale')}</p>
        <h2>{t('policy.photosHeading')}</h2>
        <p>{t('policy.photos')}</p>
        <h2>{t('policy.visibleHeading')}</h2>
        <p>{t('policy.visible')}</p>
        <h2>{t('policy.storageHeading')}</h2>
        <p>{t('policy.storage')}</p>
        <h2>{t('policy.rightsHeading')}</h2>
        <p>{t('policy.rights')}</p>
        <h2>{t('policy.changesHeading')}</h2>
        <p>{t('policy.changes')}</p>
        <h2>{t('policy.contactHeading')}</h2>
        <p>
          <Trans
            t={t}
            i18nKey="policy.contact"
            values={{ email: CONTACT_DETAILS.email }}
            components={{ email: <a className="font-medium text-brand-800 underline" href={`mailto:${CONTACT_DETAILS.email}`} /> }}
          />
        </p>
      </article>
    </div>
  );
}
