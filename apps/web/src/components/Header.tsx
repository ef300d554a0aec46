import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { DASHBOARD_PATH } from '@civicpulse/shared';
import { useSession } from '../session/useSession';
import { AssistantLauncher } from './assistant/AssistantLauncher';
import { AvatarMenu } from './AvatarMenu';
import { Logo } from './Logo';
import { NotificationBell } from './NotificationBell';
import { isActivePath } from './links';
import { LanguageSwitch } from './LanguageSwitch';
import { useTranslation } from '../i18n';
import { useSaveAccountLanguage } from '../session/accountLanguage';
import { usePainted } from '../lib/pageLoaded';

/** The phone menu's panel: its code loads after the page (or at the first tap on the menu button). */
const MobileMenu = lazy(() => import('./MobileMenu').then((m) => ({ default: m.MobileMenu })));

export interface NavItem {
  to: string;
  label: string;
}

export function useNavItems(): NavItem[] {
  const { role } = useSession();
  const { t } = useTranslation('common');
  if (!role) {
    return [
      { to: '/', label: t('header.home') },
      { to: '/login', label: t('header.login') },
      { to: '/signup', label: t('header.signup') },
    ];
  }
  return [
    { to: '/', label: t('header.home') },
    { to: DASHBOARD_PATH[role], label: t('header.dashboard') },
  ];
}

export function Header() {
  const session = useSession();
  const { t } = useTranslation('common');
  const items = useNavItems();
  // Signed in, the choice of language is kept in the account too.
  const saveLanguage = useSaveAccountLanguage();
  const { pathname } = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMobile = useCallback(() => setMobileOpen(false), []);
  useEffect(() => setMobileOpen(false), [pathname]);
  const menuLoaded = usePainted();

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur print:hidden">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t('header.skipToContent')}
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" aria-label={t('header.homeLink')} className="rounded">
          <Logo />
        </Link>
        <div className="flex items-center gap-1 sm:gap-2">
          <nav aria-label={t('header.mainNav')} className="mr-2 hidden items-center gap-1 md:flex">
            {items.map((item) => (
              <Link
                key={item.to}
                to={item.to}
                className={`rounded-lg px-3 py-2 text-sm font-medium ${
                  isActivePath(pathname, item.to) ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100'
                }`}
                aria-current={isActivePath(pathname, item.to) ? 'page' : undefined}
              >
                {item.label}
              </Link>
            ))}
          </nav>
          {/* Phones have it in the menu (the header has no room for it at 390 px). A wrapper hides it:
              the switch's own inline-flex would win over a hidden class given to it. */}
          <div className="hidden md:block">
            <LanguageSwitch onChange={saveLanguage} />
          </div>
          {/* 'Ask CivicPulse AI': a button here below 1280 px, floating in the page margin above. */}
          <AssistantLauncher />
          {session.role && <NotificationBell />}
          {session.role && (
            <div className="hidden md:block">
              <AvatarMenu />
            </div>
          )}
          <button
            ref={menuButton}
            type="button"
            className="rounded-lg p-2 text-slate-800 hover:bg-slate-100 md:hidden"
            aria-label={t('header.openMenu')}
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            onClick={() => setMobileOpen(true)}
          >
            <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
        </div>
      </div>
      {(menuLoaded || mobileOpen) && (
        <Suspense fallback={null}>
          <MobileMenu open={mobileOpen} onClose={closeMobile} items={items} returnFocusTo={menuButton} onLanguageChange={saveLanguage} />
        </Suspense>
      )}
    </header>
  );
}
