import { Fragment } from 'react';
import { Trans } from 'react-i18next';
import { CONTACT_DETAILS } from '@civicpulse/shared';
import { PageHeader } from '../components/PageHeader';
import { usePageTitle } from '../components/usePageTitle';
import { useTranslation } from '../i18n';

const ACCOUNT_RULES = ['accurate', 'government', 'responsible'] as const;
const POSTING_RULES = ['genuine', 'forbidden', 'ownership'] as const;
/** The sections after 'What you may post': a heading and one paragraph each. */
const SECTIONS = ['moderation', 'resolution', 'liability', 'law'] as const;

export default function Terms() {
  const { t } = useTranslation('pages');
  usePageTitle(t('terms.pageTitle'));
  return (
    <div>
      <PageHeader eyebrow={t('terms.eyebrow')} title={t('terms.title')}>
        <p>{t('terms.intro')}</p>
      </PageHeader>
      <article className="page prose-page max-w-3xl">
        <h2>{t('terms.acceptanceHeading')}</h2>
        <p>{t('terms.acceptance')}</p>
        <h2>{t('terms.accountsHeading')}</h2>
        <ul>
          {ACCOUNT_RULES.map((key) => (
            <li key={key}>{t(`terms.accounts.${key}`)}</li>
          ))}
        </ul>
        <h2>{t('terms.postingHeading')}</h2>
        <ul>
          {POSTING_RULES.map((key) => (
            <li key={key}>{t(`terms.posting.${key}`)}</li>
          ))}
        </ul>
        {SECTIONS.map((key) => (
          <Fragment key={key}>
            <h2>{t(`terms.${key}Heading`)}</h2>
            <p>{t(`terms.${key}`)}</p>
          </Fragment>
        ))}
        <h2>{t('terms.contactHeading')}</h2>
        <p>
          <Trans
            t={t}
            i18nKey="terms.contact"
            values={{ email: CONTACT_DETAILS.email }}
            components={{ email: <a className="font-medium text-brand-800 underline" href={`mailto:${CONTACT_DETAILS.email}`} /> }}
          />
        </p>
      </article>
    </div>
  );
}
