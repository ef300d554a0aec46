import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  FLAG_REASONS,
  MODERATION_FILTERS,
  MODERATION_LIMITS,
  MODERATION_UI,
  type ModerationAction,
  type ModerationFilter,
  type ModerationItem,
} from '@civicpulse/shared';
import { useModerate, useModerationQueue, useSuspend, useUnsuspend } from '../../../api/moderation';
import { ListState, queryListProps, ScreenHeading } from '../../../components/admin/AdminList';
import { Field, TextAreaField } from '../../../components/form/Field';
import { FormActions } from '../../../components/form/FormActions';
import { Modal } from '../../../components/Modal';
import { Tabs } from '../../../components/Tabs';
import { usePageTitle } from '../../../components/usePageTitle';
import { useLocalized } from '../../../i18n';
import { useFormat } from '../../../i18n/format';

const ConfirmDialog = lazy(() => import('../../../components/ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));

/** What each filter offers: a pending item is hidden or dismissed, a hidden one restored, a dismissed one hidden. */
const ACTIONS: Record<ModerationFilter, ModerationAction[]> = {
  pending: ['hide', 'dismiss', 'delete'],
  hidden: ['restore', 'delete'],
  dismissed: ['hide', 'delete'],
};

const keyOf = (item: Pick<ModerationItem, 'kind' | 'id'>) => `${item.kind}:${item.id}`;

interface Pending {
  action: ModerationAction;
  items: ModerationItem[];
}

/** Suspending an author: how many days and why (the author reads the reason). */
function SuspendDialog({ item, onClose }: { item: ModerationItem; onClose: () => void }) {
  const ui = useLocalized(MODERATION_UI);
  const titleId = useId();
  const [days, setDays] = useState('7');
  const [reason, setReason] = useState('');
  const suspend = useSuspend();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    suspend.mutate({ accountId: item.author!._id, days: Number(days), reason }, { onSuccess: onClose });
  };
  return (
    <Modal labelledBy={titleId} onClose={onClose} busy={suspend.isPending}>
      <form className="p-5 sm:p-6" onSubmit={submit} data-testid="suspend-dialog">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {ui.suspendTitle(item.author!.name)}
        </h2>
        <Field
          className="mt-3"
          label={ui.days}
          name="days"
          type="number"
          inputMode="numeric"
          min={1}
          max={MODERATION_LIMITS.suspendDaysMax}
          required
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
        <TextAreaField
          className="mt-3"
          label={ui.reason}
          name="reason"
          rows={3}
          required
          maxLength={MODERATION_LIMITS.reasonMaxChars}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <FormActions cancelLabel={ui.cancel} onCancel={onClose} actionLabel={ui.suspend} busy={suspend.isPending} danger />
      </form>
    </Modal>
  );
}

function ItemRow({ item, selected, onSelect, onAct, filter }: { item: ModerationItem; selected: boolean; onSelect: (on: boolean) => void; onAct: (a: ModerationAction) => void; filter: ModerationFilter }) {
  const ui = useLocalized(MODERATION_UI);
  const { date } = useFormat();
  const unsuspend = useUnsuspend();
  const [suspending, setSuspending] = useState(false);
  const headingId = useId();
  const reasons = FLAG_REASONS.filter((r) => item.reasons[r] > 0).map((r) => `${ui.reasons[r]} (${item.reasons[r]})`);
  const suspendedUntil = item.author?.suspendedUntil && item.author.suspendedUntil > new Date().toISOString() ? item.author.suspendedUntil : null;
  return (
    <article className="card flex gap-3 p-4" aria-labelledby={headingId} data-testid="moderation-item" data-item-id={item.id}>
      <input
        type="checkbox"
        className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
        checked={selected}
        onChange={(e) => onSelect(e.target.checked)}
        aria-label={ui.select(`${ui.kinds[item.shownKind]}: ${item.excerpt.slice(0, 60)}`)}
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <span className="rounded-full bg-slate-100 px-2 py-0.5 font-semibold text-slate-800">{ui.kinds[item.shownKind]}</span>
          <span className="rounded-full bg-red-50 px-2 py-0.5 font-semibold text-red-800 ring-1 ring-red-200">{ui.flags(item.flagCount)}</span>
          {item.hiddenBy && <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">{item.hiddenBy === 'flags' ? ui.hiddenByFlags : ui.hiddenByModerator}</span>}
          {item.reviewRequestedAt && <span className="rounded-full bg-brand-50 px-2 py-0.5 font-semibold text-brand-800 ring-1 ring-brand-200">{ui.reviewAsked}</span>}
          <time className="text-slate-600" dateTime={item.firstFlaggedAt}>
            {date(item.firstFlaggedAt, { dateStyle: 'medium', timeStyle: 'short' })}
          </time>
        </div>
        <h2 id={headingId} className="mt-2 text-sm font-medium break-words whitespace-pre-line text-slate-900">
          {item.postId ? (
            <Link to={`/post/${item.postId}`} className="text-brand-800 hover:underline">
              {item.excerpt}
            </Link>
          ) : (
            item.excerpt
          )}
        </h2>
        {reasons.length > 0 && <p className="mt-1 text-xs text-slate-700">{reasons.join(' · ')}</p>}
        {item.reviewNote && <blockquote className="mt-2 border-l-4 border-brand-200 pl-3 text-sm break-words text-slate-800">{item.reviewNote}</blockquote>}
        {item.author && (
          <p className="mt-1 text-xs text-slate-700">
            {ui.author}: <span className="font-semibold">{item.author.name}</span>
            {suspendedUntil && <span className="ml-2 rounded bg-red-50 px-1.5 py-0.5 text-red-800">{ui.suspendedUntil(date(suspendedUntil, { dateStyle: 'medium' }))}</span>}
          </p>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          {ACTIONS[filter].map((a) => (
            <button
              key={a}
              type="button"
              className={a === 'delete' ? 'btn border border-red-300 px-3 py-1.5 text-sm text-red-800 hover:bg-red-50' : 'btn-ghost border border-slate-300 px-3 py-1.5 text-sm'}
              onClick={() => onAct(a)}
            >
              {ui.actions[a]}
            </button>
          ))}
          {item.author && item.author.role !== 'admin' && (suspendedUntil ? (
            <button type="button" className="btn-ghost border border-slate-300 px-3 py-1.5 text-sm" onClick={() => unsuspend.mutate({ accountId: item.author!._id })} disabled={unsuspend.isPending}>
              {ui.unsuspend}
            </button>
          ) : (
            <button type="button" className="btn-ghost border border-slate-300 px-3 py-1.5 text-sm" onClick={() => setSuspending(true)}>
              {ui.suspend}
            </button>
          ))}
        </div>
      </div>
      {suspending && <SuspendDialog item={item} onClose={() => setSuspending(false)} />}
    </article>
  );
}

/**
 * The moderators' queue (moderation): flagged reports, comments, replies and chat messages, most
 * flagged first then the longest waiting, under Pending, Hidden and Dismissed. Each item is hidden,
 * restored, dismissed or deleted alone or with others selected; its author can be suspended. Every
 * action is audited on the server. Deleting asks first.
 */
export default function Moderation() {
  const ui = useLocalized(MODERATION_UI);
  usePageTitle(ui.heading);
  const [params, setParams] = useSearchParams();
  const filter = (MODERATION_FILTERS as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as ModerationFilter) : 'pending';
  const query = useModerationQueue(filter);
  const moderate = useModerate();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [pending, setPending] = useState<Pending | null>(null);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const chosen = items.filter((i) => selected.has(keyOf(i)));

  const run = ({ action, items: targets }: Pending) => {
    moderate.mutate(
      { action, items: targets.map((i) => ({ kind: i.kind, id: i.id })) },
      {
        onSettled: () => {
          setPending(null);
          setSelected(new Set());
        },
      },
    );
  };
  const act = (action: ModerationAction, targets: ModerationItem[]) => (action === 'delete' ? setPending({ action, items: targets }) : run({ action, items: targets }));
  const changeFilter = (next: ModerationFilter) => {
    setSelected(new Set());
    setParams(next === 'pending' ? {} : { status: next }, { replace: true });
  };

  return (
    <section aria-labelledby="screen-title" className="max-w-3xl">
      <ScreenHeading title={ui.heading} intro={ui.intro} />
      <div className="mt-5">
        <Tabs tabs={MODERATION_FILTERS.map((f) => ({ value: f, label: ui.filters[f] }))} value={filter} onChange={changeFilter} label={ui.filterLabel} idPrefix="moderation" />
      </div>
      <div id="moderation-panel" role="tabpanel" aria-labelledby={`moderation-tab-${filter}`} className="mt-4">
        {items.length > 0 && (
          <div className="mb-3 flex flex-wrap items-center gap-2 rounded-xl bg-slate-100 p-2" data-testid="moderation-bulk">
            <label className="flex min-h-9 items-center gap-2 px-2 text-sm font-medium text-slate-800">
              <input
                type="checkbox"
                className="h-5 w-5 accent-brand-700"
                checked={chosen.length === items.length}
                onChange={(e) => setSelected(e.target.checked ? new Set(items.slice(0, MODERATION_LIMITS.bulkMax).map(keyOf)) : new Set())}
              />
              {ui.selectAll}
            </label>
            <span className="text-sm text-slate-700" aria-live="polite">
              {ui.bulk(chosen.length)}
            </span>
            <div className="flex w-full flex-wrap gap-2 sm:ml-auto sm:w-auto">
              {ACTIONS[filter].map((a) => (
                <button
                  key={a}
                  type="button"
                  className={a === 'delete' ? 'btn border border-red-300 bg-white px-3 py-1.5 text-sm text-red-800 hover:bg-red-50' : 'btn-ghost border border-slate-300 bg-white px-3 py-1.5 text-sm'}
                  disabled={chosen.length === 0 || moderate.isPending}
                  onClick={() => act(a, chosen)}
                >
                  {ui.actions[a]}
                </button>
              ))}
            </div>
          </div>
        )}
        <ListState {...queryListProps(query)} empty={items.length === 0} errorTitle={ui.failed} emptyText={ui.empty[filter]}>
          <ul className="space-y-3" data-testid="moderation-queue">
            {items.map((item) => (
              <li key={keyOf(item)}>
                <ItemRow
                  item={item}
                  filter={filter}
                  selected={selected.has(keyOf(item))}
                  onSelect={(on) =>
                    setSelected((s) => {
                      const next = new Set(s);
                      if (on) next.add(keyOf(item));
                      else next.delete(keyOf(item));
                      return next;
                    })
                  }
                  onAct={(a) => act(a, [item])}
                />
              </li>
            ))}
          </ul>
        </ListState>
      </div>
      {pending && (
        <Suspense fallback={null}>
          <ConfirmDialog title={ui.actions.delete} confirmLabel={ui.confirm} danger busy={moderate.isPending} onConfirm={() => run(pending)} onCancel={() => setPending(null)}>
            {ui.confirmDelete}
          </ConfirmDialog>
        </Suspense>
      )}
    </section>
  );
}
