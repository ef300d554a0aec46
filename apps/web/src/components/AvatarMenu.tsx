import { useEffect, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from '../session/useSession';
import { useHeaderProfile } from '../api/profile';
import { Avatar, initialsOf } from './Avatar';
import { profileSettingsPath } from './links';
import { usePopover } from './useDismiss';
import { useTranslation } from '../i18n';

const itemClass =
  'block w-full rounded-md px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100';

export function AvatarMenu() {
  const session = useSession();
  const { t } = useTranslation('common');
  const profile = useHeaderProfile(session.role, session.id, session.token);
  const photo = profile.data?.profilePhoto || session.profilePhoto;
  const { open, setOpen, id: menuId, panel, trigger } = usePopover();

  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [open]);

  // Arrow keys move between the menu's entries.
  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = Array.from(panel.current?.querySelectorAll<HTMLElement>('a, button') ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const next = event.key === 'ArrowDown' ? (index + 1) % items.length : (index - 1 + items.length) % items.length;
    items[next]?.focus();
  };

  if (!session.role) return null;
  const settings = profileSettingsPath(session.role);
  const displayName = session.name || session.email;
  // The accessible name starts with what sighted users see on the button (the initials, when there is no
  // photo), so speech-input users can say it (WCAG 2.5.3, axe label-content-name-mismatch).
  const buttonLabel = photo ? t('account.menuLabel') : t('account.menuLabelInitials', { initials: initialsOf(displayName) });

  return (
    <div className="relative">
      <button
        ref={trigger}
        type="button"
        className="flex items-center rounded-full"
        aria-label={buttonLabel}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        <Avatar name={displayName} photo={photo} />
      </button>
      {open && (
        <div
          ref={panel}
          id={menuId}
          role="group"
          aria-label={t('account.group')}
          className="absolute right-0 z-50 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
          onKeyDown={onMenuKey}
        >
          {session.role === 'admin' ? (
            <div className="border-b border-slate-200 px-3 pt-1 pb-3">
              <p className="truncate text-sm font-semibold text-slate-900">{session.name || t('account.admin')}</p>
              <p className="truncate text-sm text-slate-600">{session.email}</p>
            </div>
          ) : (
            // The name block opens the public profile view (spec 2.1: /user/profile/{role}/{userId}).
            <Link
              to={`/user/profile/${session.role}/${session.id}`}
              className="block rounded-md border-b border-slate-200 px-3 pt-1 pb-3 hover:bg-slate-50"
              title={t('account.viewPublicProfile')}
            >
              <span className="block truncate text-sm font-semibold text-slate-900">{session.name || t('account.account')}</span>
              <span className="block truncate text-sm text-slate-600" title={session.email}>
                {session.email}
              </span>
            </Link>
          )}
          <nav aria-label={t('account.group')} className="pt-2">
            {settings && (
              <Link className={itemClass} to={settings}>
                {t('menu.profileSettings')}
              </Link>
            )}
            <Link className={itemClass} to="/developers">
              {t('menu.developers')}
            </Link>
            <button type="button" className={`${itemClass} text-red-700`} onClick={session.logout}>
              {t('menu.logout')}
            </button>
          </nav>
        </div>
      )}
    </div>
  );
}
