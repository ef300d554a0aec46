import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import toast from '../../toast';
import { NAMES, TEAM_UI, type GovScope, type Post, type PostSort } from '@civicpulse/shared';
import { useTeam } from '../../api/team';
import { advanceProgress, assignPost, useGovMe } from '../../api/government';
import { postKeys } from '../../api/posts';
import { ConfirmDialog } from '../ConfirmDialog';
import { useLocalized } from '../../i18n';
import { useFormat } from '../../i18n/format';

const HOUR = 3_600_000;

export interface QueueTableProps {
  posts: Post[];
  scope: GovScope;
  sort: PostSort | 'default';
  onSort: (sort: PostSort | 'default') => void;
  verified: boolean | undefined;
}

/** How long ago, in the largest whole unit (hours under two days, days after). */
function useAge() {
  const { relative } = useFormat();
  return (iso: string, now: number) => {
    const hours = Math.max(0, Math.round((now - Date.parse(iso)) / HOUR));
    return hours < 48 ? relative.format(-hours, 'hour') : relative.format(-Math.round(hours / 24), 'day');
  };
}

/**
 * A department's queue as a compact table beside the cards: one row a report (reference, category,
 * priority, age, due or overdue, votes, assignee), sortable by age and votes (the list's own server
 * orders, so paging stays right), rows selectable for a bulk take-over (View Issues) or a bulk
 * assignment (the other queues, heads). Native table, checkboxes and buttons: keyboard usable as is.
 * A bulk action runs the per-report calls one after another; each is checked by the server as if
 * clicked alone, and the toast says how many went through.
 */
export function QueueTable({ posts, scope, sort, onSort, verified }: QueueTableProps) {
  const ui = useLocalized(TEAM_UI);
  const names = useLocalized(NAMES);
  const { date, number } = useFormat();
  const age = useAge();
  const client = useQueryClient();
  const me = useGovMe();
  const head = me.data?.teamRole !== 'officer';
  const canAssign = scope !== 'unassigned' && scope !== 'resolved' && head;
  const team = useTeam(canAssign);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [assignee, setAssignee] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const now = Date.now();
  const shown = posts.filter((p) => selected.has(p._id));
  const allChecked = posts.length > 0 && shown.length === posts.length;

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const runBulk = async (each: (p: Post) => Promise<unknown>) => {
    setBusy(true);
    let done = 0;
    let failed = 0;
    for (const p of shown) {
      try {
        await each(p);
        done += 1;
      } catch {
        failed += 1;
      }
    }
    setBusy(false);
    setConfirming(false);
    setSelected(new Set());
    (failed === 0 ? toast.success : toast.error)(ui.bulkDone(done, failed));
    await client.invalidateQueries({ queryKey: postKeys.all });
  };

  const sortHeader = (label: string, asc: PostSort, desc: PostSort) => {
    const state = sort === desc || (desc === 'newest' && sort === 'default') ? 'descending' : sort === asc ? 'ascending' : 'none';
    return (
      <th scope="col" aria-sort={state} className="px-2 py-2 text-left font-semibold">
        <button type="button" className="inline-flex items-center gap-1 rounded hover:underline focus-visible:ring-2 focus-visible:ring-brand-600" onClick={() => onSort(state === 'descending' ? asc : desc)} aria-label={ui.sortBy(label)}>
          {label}
          <span aria-hidden="true">{state === 'descending' ? '▼' : state === 'ascending' ? '▲' : '↕'}</span>
        </button>
      </th>
    );
  };

  return (
    <div data-testid="queue-table">
      {(scope === 'unassigned' || canAssign) && (
        <div className="mb-3 flex flex-wrap items-center gap-2" role="group" aria-label={ui.selectedCount(shown.length)}>
          <span className="text-sm text-slate-700" aria-live="polite">
            {ui.selectedCount(shown.length)}
          </span>
          {scope === 'unassigned' ? (
            <button type="button" className="btn-primary" disabled={busy || shown.length === 0 || verified === false} onClick={() => setConfirming(true)}>
              {ui.bulkTakeOver}
            </button>
          ) : (
            <>
              <label className="sr-only" htmlFor="bulk-assignee">
                {ui.assignTo}
              </label>
              <select id="bulk-assignee" className="field-input w-auto" value={assignee} onChange={(e) => setAssignee(e.target.value)} disabled={busy}>
                <option value="">{ui.nobody}</option>
                {(team.data?.members ?? []).map((m) => (
                  <option key={m._id} value={m._id}>
                    {m.name}
                  </option>
                ))}
              </select>
              <label className="sr-only" htmlFor="bulk-reason">
                {ui.reasonLabel}
              </label>
              <input id="bulk-reason" className="field-input w-auto min-w-[12rem] flex-1" placeholder={ui.reasonLabel} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} disabled={busy} />
              <button
                type="button"
                className="btn-secondary"
                disabled={busy || shown.length === 0}
                onClick={() => void runBulk((p) => assignPost(p._id, assignee || null, reason.trim() || undefined))}
              >
                {ui.bulkAssign}
              </button>
            </>
          )}
        </div>
      )}
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="min-w-full text-sm">
          <caption className="sr-only">{ui.tableCaption}</caption>
          <thead className="bg-slate-50 text-slate-800">
            <tr>
              <th scope="col" className="px-2 py-2 text-left">
                <input
                  type="checkbox"
                  aria-label={ui.selectAll}
                  checked={allChecked}
                  onChange={() => setSelected(allChecked ? new Set() : new Set(posts.map((p) => p._id)))}
                  className="h-4 w-4"
                />
              </th>
              <th scope="col" className="px-2 py-2 text-left font-semibold">
                {ui.colReference}
              </th>
              <th scope="col" className="px-2 py-2 text-left font-semibold">
                {ui.colCategory}
              </th>
              <th scope="col" className="px-2 py-2 text-left font-semibold">
                {ui.colPriority}
              </th>
              {sortHeader(ui.colAge, 'oldest', 'newest')}
              <th scope="col" className="px-2 py-2 text-left font-semibold">
                {ui.colDue}
              </th>
              {sortHeader(ui.colVotes, 'leastUpvotes', 'mostUpvotes')}
              {scope !== 'unassigned' && (
                <th scope="col" className="px-2 py-2 text-left font-semibold">
                  {ui.colAssignee}
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {posts.map((p) => {
              const level = p.serviceLevel;
              const due = level ? (p.progressState === 'Unseen' ? level.responseDueAt : level.resolutionDueAt) : null;
              return (
                <tr key={p._id} data-post-id={p._id} className={selected.has(p._id) ? 'bg-brand-50' : undefined}>
                  <td className="px-2 py-2">
                    <input type="checkbox" aria-label={ui.selectRow(p.reference)} checked={selected.has(p._id)} onChange={() => toggle(p._id)} className="h-4 w-4" />
                  </td>
                  <td className="px-2 py-2 whitespace-nowrap">
                    <Link to={`/post/${p._id}`} className="font-mono text-brand-800 underline-offset-2 hover:underline">
                      {p.reference}
                    </Link>
                    <span className="block max-w-[16rem] truncate text-xs text-slate-600" title={p.caption}>
                      {p.caption}
                    </span>
                  </td>
                  <td className="px-2 py-2">{names.categories[p.category]?.name ?? p.category}</td>
                  <td className="px-2 py-2">{names.priorities[p.priority] ?? p.priority}</td>
                  <td className="px-2 py-2 whitespace-nowrap">{age(p.createdAt, now)}</td>
                  <td className="px-2 py-2 whitespace-nowrap">
                    {due ? date(due, { dateStyle: 'medium' }) : '—'}{' '}
                    {level?.overdue && <span className="ml-1 rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-800">{ui.overdueBadge}</span>}
                  </td>
                  <td className="px-2 py-2 whitespace-nowrap">{number(p.upvoteCount)}</td>
                  {scope !== 'unassigned' && <td className="px-2 py-2">{p.assignedOfficer ? p.assignedOfficer.name : p.assignedOfficer === null ? ui.nobody : '—'}</td>}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {confirming && (
        <ConfirmDialog
          title={ui.bulkTakeOverTitle(shown.length)}
          confirmLabel={ui.takeOverYes}
          busy={busy}
          onConfirm={() => void runBulk((p) => advanceProgress(p._id))}
          onCancel={() => setConfirming(false)}
        >
          {ui.takeOverConfirm}
        </ConfirmDialog>
      )}
    </div>
  );
}
