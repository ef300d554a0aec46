import { DepartmentRecord } from '../servicelevels/DepartmentRecord';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  EDITOR_UI,
  GENDERS,
  NAMES,
  formatIndianPhone,
  PROFILE_UI,
  SOCIAL_NETWORKS,
  type CitizenProfile,
  type Gender,
  type GovernmentProfile,
  type ProgressState,
  type SocialLinks,
  TEXTS,
} from '@civicpulse/shared';
import { localized, useLocalized, useTranslation } from '../../i18n';
import { useFormat } from '../../i18n/format';
import toast from '../../toast';
import { Avatar } from '../Avatar';
import { Tabs } from '../Tabs';

const BIO_CUT = 200;
const LONG_DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };

/** A stored progress state as people read it in the current language (unknown values as they are). */
function useProgressName() {
  const names = useLocalized(NAMES);
  return (state: string) => names.progress[state as ProgressState] ?? state;
}

/** The shared formatHours (min / h / days) in the current language, numbers through Intl. */
function useHours() {
  const { t } = useTranslation('user');
  const format = useFormat();
  return (hours: number | null): string => {
    if (hours === null) return '—';
    if (hours === 0) return format.number(0);
    if (hours < 1) return t('duration.minutes', { n: format.number(Math.max(1, Math.round(hours * 60))) });
    if (hours < 48) return t('duration.hours', { n: format.number(Math.round(hours * 10) / 10) });
    return t('duration.days', { n: format.number(Math.round((hours / 24) * 10) / 10) });
  };
}

/** State and gender are stored in English (wire values); people read them in their language. */
function useValueNames() {
  const { t } = useTranslation('user');
  const names = useLocalized(NAMES);
  return {
    state: (s: string | null | undefined) => (s ? ((names.states as Record<string, string>)[s] ?? s) : s),
    gender: (g: string | null | undefined) => (g && (GENDERS as readonly string[]).includes(g) ? t(`genders.${g as Gender}`) : g),
  };
}

/** Spec 2.12: bio truncated at 200 characters with Read More / Show Less. */
function Bio({ text }: { text: string | null | undefined }) {
  const ui = useLocalized(PROFILE_UI);
  const [open, setOpen] = useState(false);
  if (!text) return <span className="text-slate-500">{ui.notProvided}</span>;
  const long = text.length > BIO_CUT;
  return (
    <span className="whitespace-pre-line">
      {long && !open ? `${text.slice(0, BIO_CUT)}…` : text}
      {long && (
        <button type="button" className="ml-2 text-sm font-semibold text-brand-800 hover:underline" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? ui.showLess : ui.readMore}
        </button>
      )}
    </span>
  );
}

/** A field: its value, 'Not Provided' when empty, or 'Private' when the owner did not publish it. */
function Field({ name, profile, value, className = '' }: { name: string; profile: { hiddenFields?: string[] | undefined }; value?: ReactNode; className?: string }) {
  const ui = useLocalized(PROFILE_UI);
  const hidden = profile.hiddenFields?.includes(name);
  const shown = hidden ? <span className="text-slate-500 italic">{ui.private}</span> : value === null || value === undefined || value === '' ? <span className="text-slate-500">{ui.notProvided}</span> : value;
  return (
    <div className={`min-w-0 ${className}`}>
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{ui.labels[name] ?? name}</dt>
      <dd className="mt-0.5 break-words text-slate-900" data-field={name}>
        {shown}
      </dd>
    </div>
  );
}

function Social({ links }: { links: SocialLinks }) {
  const ui = useLocalized(PROFILE_UI);
  const editor = useLocalized(EDITOR_UI);
  const present = SOCIAL_NETWORKS.filter((n) => links[n]);
  if (present.length === 0) return <p className="text-sm text-slate-600">{ui.socialNone}</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {present.map((n) => (
        <li key={n}>
          <a className="btn-ghost border border-slate-300" href={links[n]} target="_blank" rel="noopener noreferrer nofollow">
            {editor.socialNames[n] ?? n}
          </a>
        </li>
      ))}
    </ul>
  );
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="card p-4">
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-1 text-xl font-bold text-slate-900">{value}</dd>
    </div>
  );
}

export async function shareProfile(): Promise<void> {
  const url = window.location.href;
  try {
    if (typeof navigator.share === 'function') {
      await navigator.share({ url });
      return;
    }
    await navigator.clipboard.writeText(url);
    toast.success(localized(PROFILE_UI).linkCopied);
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) toast.error(localized(TEXTS).errors.copyLink);
  }
}

function Header({ name, photo, badge, children, own }: { name: string; photo: string; badge: ReactNode; children?: ReactNode; own: boolean }) {
  const ui = useLocalized(PROFILE_UI);
  return (
    <header className="card flex flex-col gap-4 p-5 sm:flex-row sm:items-center">
      <Avatar name={name} photo={photo || null} size="h-24 w-24 text-2xl" />
      <div className="min-w-0 flex-1">
        <h1 id="screen-title" className="text-2xl font-bold break-words text-slate-900">
          {name}
        </h1>
        <div className="mt-2 flex flex-wrap items-center gap-2">{badge}</div>
        {children}
      </div>
      {!own && (
        <button type="button" className="btn-secondary self-start" onClick={() => void shareProfile()}>
          {ui.share}
        </button>
      )}
    </header>
  );
}

const badgeClass = (ok: boolean) => `rounded-full px-2.5 py-0.5 text-xs font-semibold ${ok ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900'}`;

/**
 * A citizen's "Not Verified" badge with what it means (first-use polish): an info button (keyboard
 * reachable, aria-expanded) shows that verification is a department matter and citizens need none.
 */
function NotVerifiedBadge() {
  const ui = useLocalized(PROFILE_UI);
  const [open, setOpen] = useState(false);
  const helpId = useId();
  return (
    <>
      <span className={badgeClass(false)}>{ui.notVerified}</span>
      <button
        type="button"
        className="inline-flex h-7 w-7 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
        aria-label={ui.notVerifiedHelpLabel}
        aria-expanded={open}
        aria-controls={helpId}
        title={ui.notVerifiedHelpLabel}
        onClick={() => setOpen((v) => !v)}
        data-testid="not-verified-help"
      >
        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="9" />
          <path d="M12 11v5M12 8h.01" />
        </svg>
      </button>
      <p id={helpId} hidden={!open} className="basis-full rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200">
        {ui.notVerifiedHelp}
      </p>
    </>
  );
}

export function CitizenProfileView({ profile, own }: { profile: CitizenProfile; own: boolean }) {
  const ui = useLocalized(PROFILE_UI);
  const { t } = useTranslation('user');
  const format = useFormat();
  const progressName = useProgressName();
  const values = useValueNames();
  const m = profile.metrics;
  return (
    <section aria-labelledby="screen-title" className="space-y-6" data-testid="citizen-profile">
      <Header
        name={profile.name}
        photo={profile.profilePhoto}
        own={own}
        badge={profile.isVerified ? <span className={badgeClass(true)}>{ui.verified}</span> : <NotVerifiedBadge />}
      >
        <p className="mt-2 text-sm text-slate-600">{t('profile.memberSince', { date: format.date(profile.createdAt, LONG_DATE) })}</p>
      </Header>
      {m && (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Stat label={ui.metrics.reportsFiled} value={format.number(m.reportsFiled)} />
          <Stat label={ui.metrics.reportsResolved} value={format.number(m.reportsResolved)} />
          <Stat label={ui.metrics.votesGiven} value={format.number(m.votesGiven)} />
          <Stat label={ui.metrics.comments} value={format.number(m.comments)} />
        </dl>
      )}
      <div className="card p-5">
        <dl className="grid gap-4 sm:grid-cols-2">
          <Field name="email" profile={profile} value={profile.email} />
          <Field name="phone" profile={profile} value={profile.phone && formatIndianPhone(profile.phone)} />
          <Field name="dob" profile={profile} value={profile.dob?.slice(0, 10)} />
          <Field name="gender" profile={profile} value={values.gender(profile.gender)} />
          <Field name="address" profile={profile} value={profile.address} />
          <Field name="city" profile={profile} value={profile.city} />
          <Field name="state" profile={profile} value={values.state(profile.state)} />
          <Field name="pincode" profile={profile} value={profile.pincode} />
          <Field name="landmark" profile={profile} value={profile.landmark} />
        </dl>
        <dl className="mt-4">
          <Field name="bio" profile={profile} value={<Bio text={profile.bio} />} />
        </dl>
        <div className="mt-4">
          <Social links={profile.socialLinks} />
        </div>
      </div>
      {m && m.recentReports.length > 0 && (
        <section className="card p-5" aria-labelledby="recent-reports">
          <h2 id="recent-reports" className="text-base font-semibold text-slate-900">
            {ui.recentReports}
          </h2>
          <ul className="mt-2 divide-y divide-slate-100">
            {m.recentReports.map((r) => (
              <li key={r._id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
                <Link to={`/post/${r._id}`} className="font-medium text-brand-800 hover:underline">
                  {r.caption}
                </Link>
                <span className="text-slate-600">{progressName(r.progressState)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

function CopyValue({ value }: { value: string }) {
  const ui = useLocalized(PROFILE_UI);
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="ml-2 text-xs font-semibold text-brand-800 hover:underline"
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        });
      }}
    >
      {copied ? ui.copied : ui.copy}
    </button>
  );
}

export function GovernmentProfileView({ profile, own }: { profile: GovernmentProfile; own: boolean }) {
  const ui = useLocalized(PROFILE_UI);
  const { t } = useTranslation('user');
  const format = useFormat();
  const hours = useHours();
  const progressName = useProgressName();
  const values = useValueNames();
  const m = profile.metrics;
  const tabsId = useId();
  const [tab, setTab] = useState<'overview' | 'contact' | 'documents' | 'social'>('overview');
  const contact = (name: 'officialEmail' | 'phone' | 'alternateContact' | 'officeAddress' | 'city' | 'state' | 'pincode') => {
    const value = profile[name];
    // The state is read in the current language; what is copied is the stored value.
    const shown = name === 'state' ? values.state(value) : (name === 'phone' || name === 'alternateContact') && value ? formatIndianPhone(value) : value;
    return <Field key={name} name={name} profile={profile} value={value ? <>{shown}<CopyValue value={value} /></> : value} />;
  };
  return (
    <section aria-labelledby="screen-title" className="space-y-6" data-testid="government-profile">
      <Header
        name={profile.authorityName}
        photo={profile.profilePhoto}
        own={own}
        badge={
          <>
            <span className={badgeClass(profile.isVerified)}>
              {profile.isVerified ? (own ? ui.verifiedOfficial : ui.verifiedAuthority) : ui.pendingVerification}
            </span>
            <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-900">{ui.active}</span>
          </>
        }
      >
        <p className="mt-2 text-sm text-slate-700">{[profile.designation, profile.department, profile.jurisdictionArea].filter(Boolean).join(' · ')}</p>
        <p className="mt-1 text-sm text-slate-600">{t('profile.memberSince', { date: format.date(profile.createdAt, { year: 'numeric' }) })}</p>
      </Header>
      {m && (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="government-metrics">
          <Stat label={ui.metrics.resolvedIssues} value={format.number(m.resolvedIssues)} />
          <Stat label={ui.metrics.activeCases} value={format.number(m.activeCases)} />
          <Stat label={ui.metrics.successRate} value={m.successRate === null ? '—' : format.number(m.successRate, { style: 'percent', maximumFractionDigits: 0 })} />
          <Stat label={ui.metrics.citizensServed} value={format.number(m.citizensServed)} />
          <Stat label={ui.metrics.averageResponse} value={hours(m.medianResponseHours)} />
          <Stat label={ui.metrics.medianResolve} value={hours(m.medianResolveHours)} />
        </dl>
      )}
      <DepartmentRecord departmentId={profile._id} />
      <div className="card p-5">
        <Tabs
          idPrefix={tabsId}
          label={ui.sections}
          value={tab}
          onChange={(v) => setTab(v as typeof tab)}
          tabs={[
            { value: 'overview', label: ui.tabs.overview },
            { value: 'contact', label: ui.tabs.contact },
            { value: 'documents', label: ui.tabs.documents },
            { value: 'social', label: ui.tabs.social },
          ]}
        />
        <div className="mt-4" role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-tab-${tab}`}>
          {tab === 'overview' && (
            <dl className="grid gap-4 sm:grid-cols-2">
              <Field name="designation" profile={profile} value={profile.designation} />
              <Field name="department" profile={profile} value={profile.department} />
              <Field name="jurisdictionArea" profile={profile} value={profile.jurisdictionArea} />
              <Field name="city" profile={profile} value={profile.city} />
              <Field name="state" profile={profile} value={values.state(profile.state)} />
              <Field name="pincode" profile={profile} value={profile.pincode} />
              <Field name="resolvedIssues" profile={profile} value={format.number(profile.resolvedIssuesCount)} />
              <Field name="bio" profile={profile} value={<Bio text={profile.bio} />} className="sm:col-span-2" />
            </dl>
          )}
          {tab === 'contact' && (
            <dl className="grid gap-4 sm:grid-cols-2">
              {contact('officialEmail')}
              {contact('phone')}
              {contact('alternateContact')}
              {contact('officeAddress')}
              {contact('city')}
              {contact('state')}
              {contact('pincode')}
            </dl>
          )}
          {tab === 'documents' && (
            <dl className="grid gap-4 sm:grid-cols-2">
              <Field name="idProofType" profile={profile} value={profile.idProofType} />
              <Field name="idProofNumber" profile={profile} value={profile.idProofNumber} />
              <Field name="proofDocumentUrl" profile={profile} value={profile.proofDocumentUrl ? ui.proofOnFile : null} />
              <Field name="website" profile={profile} value={profile.website ? <a className="text-brand-800 underline" href={profile.website} target="_blank" rel="noopener noreferrer nofollow">{profile.website}</a> : null} />
            </dl>
          )}
          {tab === 'social' && <Social links={profile.socialLinks} />}
        </div>
      </div>
      {m && (
        <section className="card p-5" aria-labelledby="recent-activity">
          <h2 id="recent-activity" className="text-base font-semibold text-slate-900">
            {ui.recentActivity}
          </h2>
          {m.recentActivity.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">{ui.noActivity}</p>
          ) : (
            <ol className="mt-2 divide-y divide-slate-100" data-testid="recent-activity">
              {m.recentActivity.map((a) => (
                <li key={a._id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
                  <Link to={`/post/${a.postId}`} className="min-w-0 truncate font-medium text-brand-800 hover:underline">
                    {a.caption}
                  </Link>
                  <span className="text-slate-600">
                    {progressName(a.from)} → {progressName(a.to)}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
      )}
    </section>
  );
}
