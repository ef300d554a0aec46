import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { DASHBOARD_PATH, UI, type Role } from '@civicpulse/shared';
import { useTranslation } from '../i18n';
import { DASHBOARD_MENUS } from './dashboardMenus';

// A suspended account's banner (moderation) reads its settings: its own chunk, never in a first paint.
const SuspensionBanner = lazy(() => import('./moderation/SuspensionBanner'));

function SideMenu({ role, id }: { role: Role; id: string }) {
  const menu = DASHBOARD_MENUS[role];
  return (
    <nav aria-label={menu.title} id={id}>
      <p className="px-3 pb-3 text-xs font-semibold tracking-wider text-slate-600 uppercase">{menu.title}</p>
      <ul className="space-y-1">
        {menu.entries.map((entry) => (
          <li key={entry.label}>
            <NavLink
              to={entry.to}
              // The dashboard's Home and "Other Issues" (/) are active only on their exact path.
              end={entry.to === '/' || entry.to === DASHBOARD_PATH[role]}
              className={({ isActive }) =>
                `block rounded-lg px-3 py-2 text-sm font-medium ${
                  isActive ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-100'
                }`
              }
            >
              {entry.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Spec 2.5: a side menu on wide screens; on phones a 250 px drawer toggled by a button. */
export function DashboardShell({ role }: { role: Role }) {
  const { t } = useTranslation('common');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const toggle = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLDivElement>(null);
  useEffect(() => setDrawerOpen(false), [pathname]);
  useEffect(() => {
    if (drawerOpen) drawer.current?.querySelector<HTMLElement>('a')?.focus();
  }, [drawerOpen]);

  const onDrawerKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      setDrawerOpen(false);
      toggle.current?.focus();
    }
  };

  const title = DASHBOARD_MENUS[role].title;

  return (
    <>
      <div className="md:hidden">
        {drawerOpen && (
          <div className="fixed inset-0 z-[60] bg-slate-900/50" aria-hidden="true" onClick={() => setDrawerOpen(false)} />
        )}
        <div
          ref={drawer}
          role="dialog"
          aria-modal="true"
          aria-label={title}
          inert={!drawerOpen}
          onKeyDown={onDrawerKey}
          data-testid="dashboard-drawer"
          className={`fixed inset-y-0 left-0 z-[70] overflow-y-auto bg-white p-3 pt-5 shadow-xl transition-transform duration-200 ${
            drawerOpen ? 'translate-x-0' : '-translate-x-full'
          }`}
          style={{ width: UI.drawerWidthPx }}
        >
          <SideMenu role={role} id="dashboard-drawer-menu" />
          <button type="button" className="btn-ghost mt-4 w-full" onClick={() => setDrawerOpen(false)}>
            {t('dashboard.closeMenu')}
          </button>
        </div>
      </div>

      <div className="mx-auto flex w-full max-w-6xl gap-8 px-4 py-6 sm:px-6 lg:px-8">
        <aside className="hidden shrink-0 md:block" style={{ width: UI.drawerWidthPx }}>
          <div className="sticky top-24 rounded-2xl border border-slate-200 bg-white p-3">
            <SideMenu role={role} id="dashboard-menu" />
          </div>
        </aside>

        <div className="min-w-0 flex-1">
          <button
            ref={toggle}
            type="button"
            className="btn-secondary mb-4 md:hidden"
            aria-expanded={drawerOpen}
            aria-controls="dashboard-drawer-menu"
            onClick={() => setDrawerOpen((v) => !v)}
          >
            <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path strokeLinecap="round" d="M4 6h16M4 12h16M4 18h10" />
            </svg>
            {t('dashboard.openMenu', { title })}
          </button>
          {role !== 'admin' && (
            <Suspense fallback={null}>
              <SuspensionBanner />
            </Suspense>
          )}
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </div>
      </div>
    </>
  );
}
