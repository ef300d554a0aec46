import { useEffect, useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import {
  ACCOUNT_EMAIL_UI,
  ALERT_UI,
  PUSH_UI,
  EMAIL_FREQUENCIES,
  NOTIFICATION_KINDS,
  NOTIFICATION_LABELS,
  PUBLISHABLE_FIELDS,
  SETTINGS_UI,
  type EmailFrequency,
  type EmailPrefs,
  type NotificationKind,
  type NotificationPrefs,
} from '@civicpulse/shared';
import { accountKeys } from '../../api/account';
import { changePassword, deleteAccount, useSaveSettings, useSettings } from '../../api/accountSettings';
import { accountEmailApi } from '../../api/accountEmail';
import { pushState, turnPushOff, turnPushOn, type PushState } from '../../api/push';
import { fetchPrivateFile, saveBlob } from '../../api/admin';
import { ApiError, errorMessage } from '../../api/client';
import { useLocalized } from '../../i18n';
import toast from '../../toast';
import { useSession } from '../../session/useSession';
import { usePageTitle } from '../usePageTitle';

function Section({ title, intro, children }: { title: string; intro?: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section className="card p-5" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {intro && <p className="mt-1 text-sm text-slate-700">{intro}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

function PasswordForm() {
  const ui = useLocalized(SETTINGS_UI);
  const session = useSession();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);
  const ids = { current: useId(), next: useId() };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const answer = await changePassword(current, next);
      // This browser keeps its session with the fresh token; every other one is signed out.
      session.login(answer.token);
      toast.success(answer.message);
      setCurrent('');
      setNext('');
    } catch (error) {
      toast.error(errorMessage(error, ui.failed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-3 sm:max-w-md">
      <div>
        <label htmlFor={ids.current} className="field-label">
          {ui.currentPassword}
        </label>
        <input id={ids.current} type="password" autoComplete="current-password" className="field-input" value={current} onChange={(e) => setCurrent(e.target.value)} required maxLength={128} />
      </div>
      <div>
        <label htmlFor={ids.next} className="field-label">
          {ui.newPassword}
        </label>
        <input id={ids.next} type="password" autoComplete="new-password" className="field-input" value={next} onChange={(e) => setNext(e.target.value)} required minLength={6} maxLength={128} />
      </div>
      <button type="submit" className="btn-primary justify-self-start" disabled={busy} aria-busy={busy}>
        {busy ? ui.changing : ui.changePassword}
      </button>
    </form>
  );
}

/**
 * The kinds of notification each role is ever sent (who the server notifies of what), so a screen
 * offers nothing written for the other role: a fix to confirm and Community Chat are a citizen's; new
 * reports in its jurisdiction and service levels (overdue, escalated) a department's.
 */
const KINDS_OF: Record<'user' | 'government', readonly NotificationKind[]> = {
  user: NOTIFICATION_KINDS.filter((k) => k !== 'newReports' && k !== 'serviceLevels'),
  government: NOTIFICATION_KINDS.filter((k) => k !== 'verifyRequest' && k !== 'chat'),
};
function kindsFor(role: string | null): readonly NotificationKind[] {
  return KINDS_OF[role === 'government' ? 'government' : 'user'];
}

/** The kind's label in the role's words (a department's reports are the ones it handles, not its own). */
function useKindLabels(): Record<NotificationKind, string> {
  const labels = useLocalized(NOTIFICATION_LABELS);
  const department = useLocalized(SETTINGS_UI).departmentKinds;
  return useSession().role === 'government' ? { ...labels, ...department } : labels;
}

const isFrequency = (value: string): value is EmailFrequency => (EMAIL_FREQUENCIES as readonly string[]).includes(value);

function Choices() {
  const ui = useLocalized(SETTINGS_UI);
  const labels = useKindLabels();
  const session = useSession();
  const settings = useSettings();
  const save = useSaveSettings();
  const [prefs, setPrefs] = useState<NotificationPrefs | null>(null);
  const [published, setPublished] = useState<string[] | null>(null);
  // Filled once: the email card's save refreshes the cached settings, and must not undo ticks not saved yet.
  useEffect(() => {
    const data = settings.data;
    if (data) {
      setPrefs((shown) => shown ?? data.notifications);
      setPublished((shown) => shown ?? data.publicFields);
    }
  }, [settings.data]);
  if (!prefs || !published) return <p role="status" className="text-sm text-slate-600">…</p>;
  const publishable: readonly string[] = session.role === 'government' ? PUBLISHABLE_FIELDS.government : PUBLISHABLE_FIELDS.user;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { notifications: prefs, publicFields: published },
      { onSuccess: (a) => toast.success(a.message), onError: (err) => toast.error(errorMessage(err, ui.failed)) },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-6">
      <fieldset>
        <legend className="text-base font-semibold text-slate-900">{ui.notificationsTitle}</legend>
        <div className="mt-2 grid gap-2">
          {kindsFor(session.role).map((k) => (
            <label key={k} className="flex items-center gap-3 text-sm text-slate-800">
              <input type="checkbox" className="h-4 w-4" checked={prefs[k]} onChange={(e) => setPrefs({ ...prefs, [k]: e.target.checked })} />
              {labels[k]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="text-base font-semibold text-slate-900">{ui.privacyTitle}</legend>
        <p className="mt-1 text-sm text-slate-700">{ui.privacyIntro}</p>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {publishable.map((f) => (
            <label key={f} className="flex items-center gap-3 text-sm text-slate-800">
              <input
                type="checkbox"
                className="h-4 w-4"
                checked={published.includes(f)}
                onChange={(e) => setPublished(e.target.checked ? [...published, f] : published.filter((x) => x !== f))}
              />
              {ui.fieldLabels[f] ?? f}
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className="btn-primary" disabled={save.isPending} aria-busy={save.isPending}>
        {save.isPending ? ui.saving : ui.save}
      </button>
    </form>
  );
}

/** Whether the address is verified (update emails wait for it) and, when not, a fresh link. */
function Verification({ verified }: { verified: boolean }) {
  const ui = useLocalized(ACCOUNT_EMAIL_UI);
  const failed = useLocalized(SETTINGS_UI).failed;
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const resend = () => {
    setBusy(true);
    accountEmailApi
      .resendVerification()
      .then((answer) => toast.success(answer.message))
      .catch((error: unknown) => {
        toast.error(errorMessage(error, failed));
        // 409: verified meanwhile (in another tab): show it.
        if (error instanceof ApiError && error.status === 409) void client.invalidateQueries({ queryKey: accountKeys.settings() });
      })
      .finally(() => setBusy(false));
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className={verified ? 'text-sm font-medium text-green-800' : 'text-sm font-medium text-amber-900'} data-testid="email-verified" data-verified={verified}>
        {verified ? ui.verifiedYes : ui.verifiedNo}
      </p>
      {!verified && (
        <button type="button" className="btn-secondary" onClick={resend} disabled={busy} aria-busy={busy}>
          {busy ? ui.sending : ui.resend}
        </button>
      )}
    </div>
  );
}

/** One kind's email: right away, in the daily summary, or not at all. */
function FrequencySelect({ kind, value, onChange }: { kind: NotificationKind; value: EmailFrequency; onChange: (value: EmailFrequency) => void }) {
  const labels = useKindLabels();
  const frequencies = useLocalized(ACCOUNT_EMAIL_UI).frequencies;
  const id = useId();
  return (
    <div className="grid gap-1 sm:grid-cols-[1fr_12rem] sm:items-center sm:gap-4">
      <label htmlFor={id} className="text-sm text-slate-800">
        {labels[kind]}
      </label>
      <select id={id} className="field-input" value={value} onChange={(e) => isFrequency(e.target.value) && onChange(e.target.value)}>
        {EMAIL_FREQUENCIES.map((f) => (
          <option key={f} value={f}>
            {frequencies[f]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Settings' email card (issue 27 item 3): the address's state, and how each kind of update is emailed. */
function EmailChoices() {
  const ui = useLocalized(SETTINGS_UI);
  const session = useSession();
  const settings = useSettings();
  const save = useSaveSettings();
  // Only what was changed here; the rest shows the saved settings.
  const [edits, setEdits] = useState<Partial<EmailPrefs>>({});
  if (!settings.data) return <p role="status" className="text-sm text-slate-600">…</p>;
  const saved = settings.data.emailPrefs;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { emailPrefs: edits },
      {
        onSuccess: (a) => {
          setEdits({});
          toast.success(a.message);
        },
        onError: (err) => toast.error(errorMessage(err, ui.failed)),
      },
    );
  };
  return (
    <div className="space-y-5">
      <Verification verified={settings.data.emailVerified} />
      <form onSubmit={submit} className="space-y-5">
        <div className="grid gap-3">
          {kindsFor(session.role).map((k) => (
            <FrequencySelect key={k} kind={k} value={edits[k] ?? saved[k]} onChange={(f) => setEdits({ ...edits, [k]: f })} />
          ))}
        </div>
        <button type="submit" className="btn-primary" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? ui.saving : ui.save}
        </button>
      </form>
    </div>
  );
}

function DataDownload() {
  const ui = useLocalized(SETTINGS_UI);
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn-secondary"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        fetchPrivateFile('/api/account/export')
          .then((blob) => saveBlob(blob, 'civicpulse-my-data.json'))
          .catch((err: unknown) => toast.error(errorMessage(err, ui.failed)))
          .finally(() => setBusy(false));
      }}
    >
      {busy ? ui.downloading : ui.download}
    </button>
  );
}

function DeleteAccount() {
  const ui = useLocalized(SETTINGS_UI);
  const session = useSession();
  const [word, setWord] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const ids = { word: useId(), password: useId() };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const answer = await deleteAccount(password);
      toast.success(answer.message);
      session.logout();
    } catch (error) {
      toast.error(errorMessage(error, ui.failed));
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-3 sm:max-w-md">
      <div>
        <label htmlFor={ids.word} className="field-label">
          {ui.deleteConfirmLabel}
        </label>
        <input id={ids.word} className="field-input" value={word} onChange={(e) => setWord(e.target.value)} autoComplete="off" />
      </div>
      <div>
        <label htmlFor={ids.password} className="field-label">
          {ui.password}
        </label>
        <input id={ids.password} type="password" autoComplete="current-password" className="field-input" value={password} onChange={(e) => setPassword(e.target.value)} maxLength={128} />
      </div>
      <button type="submit" className="btn justify-self-start bg-red-700 text-white hover:bg-red-800" disabled={busy || word !== ui.deleteWord || !password} aria-busy={busy}>
        {busy ? ui.deleting : ui.deleteButton}
      </button>
    </form>
  );
}

/** Web Push on this browser: on or off, or why it cannot be. */
function PushChoice() {
  const ui = useLocalized(PUSH_UI);
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void pushState().then((s) => live && setState(s), () => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, []);
  const change = (to: () => Promise<PushState>) => {
    setBusy(true);
    to()
      .then(setState, (error: unknown) => toast.error(errorMessage(error, ui.failed)))
      .finally(() => setBusy(false));
  };
  if (state === null) return null;
  if (state === 'unsupported' || state === 'blocked') {
    return (
      <p className="text-sm text-slate-700" data-testid="push-state">
        {state === 'unsupported' ? ui.unsupported : ui.blocked}
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className="text-sm text-slate-700" aria-live="polite" data-testid="push-state">
        {state === 'on' ? ui.on : ui.off}
      </p>
      <button type="button" className="btn-secondary" disabled={busy} aria-busy={busy} onClick={() => change(state === 'on' ? turnPushOff : turnPushOn)}>
        {busy ? ui.working : state === 'on' ? ui.turnOff : ui.turnOn}
      </button>
    </div>
  );
}

/**
 * Settings (spec 2.5 entry) for citizens and departments, each in its own words. `first`: a section
 * shown right under the title (a department's Jurisdiction).
 */
export function SettingsScreen({ first }: { first?: React.ReactNode }) {
  const ui = useLocalized(SETTINGS_UI);
  const department = useSession().role === 'government';
  const mail = useLocalized(ACCOUNT_EMAIL_UI);
  const alerts = useLocalized(ALERT_UI);
  const pushUi = useLocalized(PUSH_UI);
  usePageTitle(ui.title);
  return (
    <section aria-labelledby="screen-title" className="max-w-3xl space-y-6">
      <div>
        <h1 id="screen-title" className="text-2xl font-bold text-slate-900">
          {ui.title}
        </h1>
        <p className="mt-1 text-sm text-slate-700">{ui.intro}</p>
      </div>
      {first}
      <Section title={ui.passwordTitle}>
        <PasswordForm />
      </Section>
      <Section title={`${ui.notificationsTitle} · ${ui.privacyTitle}`}>
        <Choices />
      </Section>
      <Section title={mail.emailHeading} intro={mail.emailIntro}>
        <EmailChoices />
      </Section>
      <Section title={pushUi.heading} intro={pushUi.intro}>
        <PushChoice />
      </Section>
      <Section title={alerts.settingsLink} intro={alerts.settingsIntro}>
        <Link to="/alerts" className="btn-secondary inline-flex">
          {alerts.settingsLink}
        </Link>
      </Section>
      <Section title={ui.dataTitle} intro={department ? ui.dataIntroDepartment : ui.dataIntro}>
        <DataDownload />
      </Section>
      <Section title={ui.deleteTitle} intro={department ? ui.deleteIntroDepartment : ui.deleteIntro}>
        <DeleteAccount />
      </Section>
    </section>
  );
}
