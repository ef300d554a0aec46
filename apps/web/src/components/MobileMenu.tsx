import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import type { Language } from '@civicpulse/shared';
import { createPortal } from 'react-dom';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '../session/useSession';
import { useHeaderProfile } from '../api/profile';
import { Avatar } from './Avatar';
import type { NavItem } from './Header';
import { isActivePath, profileSettingsPath } from './links';
import { LanguageSwitch } from './LanguageSwitch';
import { useTranslation } from '../i18n';

interface Props {
  open: boolean;
  onClose: () => void;
  items: NavItem[];
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  /** Signed in: keeps the chosen language in the account too. */
  onLanguageChange?: (lang: Language) => void;
}

const linkClass = (active: boolean) =>
  `block rounded-lg px-3 py-2.5 text-base font-medium ${active ? 'bg-brand-50 text-brand-800' : 'text-slate-800 hover:bg-slate-100'}`;

/** The phone menu: a slide-in panel that mirrors the header (spec 2.2). */
export function MobileMenu({ open, onClose, items, returnFocusTo, onLanguageChange }: Props) {
  const { t } = useTranslation('common');
  const session = useSession();
  const profile = useHeaderProfile(session.role, session.id, session.token);
  const { pathname } = useLocation();
  const panel = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) {
      panel.current?.querySelector<HTMLElement>('button, a')?.focus();
    } else if (wasOpen.current && document.activeElement === document.body) {
      returnFocusTo.current?.focus();
    }
    wasOpen.current = open;
  }, [open, returnFocusTo]);

  // Escape closes, wherever the focus is.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onClose();
      returnFocusTo.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose, returnFocusTo]);

  // Tab stays inside the open panel.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab') return;
    const focusables = Array.from(panel.current?.querySelectorAll<HTMLElement>('a, button') ?? []);
    const first = focusables[0];
    const last = focusables[focusables.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  const settings = session.role ? profileSettingsPath(session.role) : null;

  // Rendered into <body>: the sticky header's backdrop filter would otherwise clip a fixed layer to the header.
  return createPortal(
    // A fixed, clipping layer: the closed panel waits off-screen without widening the page.
    <div
      className={`fixed inset-0 z-50 overflow-hidden md:hidden ${
        // Visible at once on opening (so focus can move in); hidden only after the slide-out on closing.
        open ? 'visible' : 'pointer-events-none invisible transition-[visibility] duration-200'
      }`}
      aria-hidden={!open}
    >
      <div
        className={`absolute inset-0 bg-slate-900/50 transition-opacity ${open ? 'opacity-100' : 'opacity-0'}`}
        onClick={onClose}
        aria-hidden="true"
      />
      <div
        ref={panel}
        id="mobile-menu"
        role="dialog"
        aria-modal="true"
        aria-label={t('menu.title')}
        inert={!open}
        onKeyDown={onKeyDown}
        className={`absolute inset-y-0 right-0 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl transition-transform duration-200 ${
          open ? 'translate-x-0' : 'translate-x-full'
        }`}
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
          <span className="text-base font-semibold text-slate-900">{t('menu.title')}</span>
          <button
            type="button"
            className="rounded-lg p-2 text-slate-700 hover:bg-slate-100"
            aria-label={t('menu.close')}
            onClick={onClose}
          >
            <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        {session.role && (
          <div className="flex items-center gap-3 border-b border-slate-200 px-4 py-4">
            <Avatar name={session.name || session.email} photo={profile.data?.profilePhoto || session.profilePhoto} />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-slate-900">{session.name}</p>
              <p className="truncate text-sm text-slate-600">{session.email}</p>
            </div>
          </div>
        )}
        <nav aria-label={t('menu.mobileNav')} className="flex-1 overflow-y-auto px-3 py-3">
          <ul className="space-y-1">
            {items.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className={linkClass(isActivePath(pathname, item.to))}
                  aria-current={isActivePath(pathname, item.to) ? 'page' : undefined}
                >
                  {item.label}
                </Link>
              </li>
            ))}
            {session.role && session.role !== 'admin' && (
              <li>
                {/* Spec 2.1: the mobile menu links to /user/profile/{id}, without the role segment. */}
                <Link to={`/user/profile/${session.id}`} className={linkClass(pathname.startsWith('/user/profile'))}>
                  {t('menu.myProfile')}
                </Link>
              </li>
            )}
            {settings && (
              <li>
                <Link to={settings} className={linkClass(isActivePath(pathname, settings))}>
                  {t('menu.profileSettings')}
                </Link>
              </li>
            )}
            {session.role && (
              <li>
                <Link to="/developers" className={linkClass(isActivePath(pathname, '/developers'))}>
                  {t('menu.developers')}
                </Link>
              </li>
            )}
          </ul>
        </nav>
        {/* Issue 17 item 2: the language switch in the phone menu too. */}
        <div className="flex items-center justify-between gap-3 border-t border-slate-200 px-4 py-3">
          <span className="text-sm font-medium text-slate-700" aria-hidden="true">
            {t('language.label')}
          </span>
          <LanguageSwitch onChange={onLanguageChange} />
        </div>
        {session.role && (
          <div className="border-t border-slate-200 p-3">
            <button type="button" className="btn w-full border border-red-200 text-red-700 hover:bg-red-50" onClick={session.logout}>
              {t('menu.logout')}
            </button>
          </div>
        )}
      </div>
    </div>
  ,
    document.body,
  );
}
