import { Link } from 'react-router-dom';
import { CONTACT_DETAILS, OPEN_DATA_TEXTS, UI } from '@civicpulse/shared';
import { useLocalized, useTranslation } from '../i18n';
import { Logo } from './Logo';

type FooterLink = 'about' | 'services' | 'contact' | 'policy' | 'terms' | 'report' | 'track' | 'updates' | 'forum' | 'help';

const quickLinks: { to: string; key: FooterLink }[] = [
  { to: '/about', key: 'about' },
  { to: '/services', key: 'services' },
  { to: '/contact', key: 'contact' },
  { to: '/policy', key: 'policy' },
  { to: '/terms', key: 'terms' },
];

const serviceLinks: { to: string; key: FooterLink }[] = [
  { to: '/report', key: 'report' },
  { to: '/track', key: 'track' },
  { to: '/updates', key: 'updates' },
  { to: '/forum', key: 'forum' },
  { to: '/help', key: 'help' },
];

const socialIcons: Record<string, string> = {
  X: 'M4 4l16 16M20 4 4 20',
  LinkedIn: 'M6 9v9M6 6v.01M10 18v-5a3 3 0 0 1 6 0v5M10 9v9',
  Instagram: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5-1v.01',
  Facebook: 'M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v6h4v-6h3l1-4h-4V8Z',
  YouTube: 'M3 8a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V8Zm7 1v6l5-3-5-3Z',
};

const linkClass = 'rounded text-sm text-slate-300 hover:text-white hover:underline';

export function Footer() {
  const { t } = useTranslation('common');
  const openData = useLocalized(OPEN_DATA_TEXTS);
  const services = [...serviceLinks.map((l) => ({ to: l.to, label: t(`footer.links.${l.key}`) })), { to: '/open-data', label: openData.linkLabel }];
  return (
    <footer className="mt-auto bg-slate-900 text-slate-300 print:hidden">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div className="col-span-2 lg:col-span-1">
          <div className="inline-flex rounded-lg bg-white px-2 py-1">
            <Logo />
          </div>
          <p className="mt-4 text-sm leading-6">{t('footer.tagline')}</p>
          <ul className="mt-4 flex gap-3" aria-label={t('footer.socialLinks')}>
            {CONTACT_DETAILS.social.map((s) => (
              <li key={s.label}>
                <a
                  href={s.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('footer.opensInNewTab', { name: s.label })}
                  className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-slate-800 text-slate-200 hover:bg-brand-700 hover:text-white"
                >
                  <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                    <path d={socialIcons[s.label] ?? ''} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label={t('footer.quickLinksNav')}>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{t('footer.quickLinks')}</h2>
          <ul className="mt-4 space-y-2">
            {quickLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={linkClass}>
                  {t(`footer.links.${l.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('footer.servicesNav')}>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{t('footer.services')}</h2>
          <ul className="mt-4 space-y-2">
            {services.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={linkClass}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="col-span-2 lg:col-span-1">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{t('footer.contactUs')}</h2>
          <address className="mt-4 space-y-2 text-sm not-italic">
            <p>
              {t('footer.email')}{' '}
              <a className={linkClass} href={`mailto:${CONTACT_DETAILS.email}`}>
                {CONTACT_DETAILS.email}
              </a>
            </p>
            <p>
              {t('footer.phone')}{' '}
              <a className={linkClass} href={`tel:${CONTACT_DETAILS.phone.replace(/\s+/g, '')}`}>
                {CONTACT_DETAILS.phone}
              </a>
            </p>
            <p className="leading-6">
              {CONTACT_DETAILS.address.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </p>
          </address>
        </div>
      </div>
      <div className="border-t border-slate-800">
        {/* No room kept for 'Ask CivicPulse AI': below 1280 px it is in the header, above it floats beside the content. */}
        <p className="mx-auto max-w-6xl px-4 py-5 text-center text-sm text-slate-400 sm:px-6 lg:px-8">
          {t('footer.copyright', { year: UI.footerYear })}
        </p>
      </div>
    </footer>
  );
}
