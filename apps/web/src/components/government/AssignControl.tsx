import { useId, useState, type FormEvent } from 'react';
import { TEAM_LIMITS, TEAM_UI, type Post } from '@civicpulse/shared';
import { useTeam } from '../../api/team';
import { useAssign, useGovMe } from '../../api/government';
import { useLocalized } from '../../i18n';

/**
 * Who in the department has the report. A head assigns it to any member or back to the department's
 * queue (taking it from someone else needs a reason, kept as an internal note); an officer takes an
 * unassigned one for themself. The server enforces the same rules.
 */
export function AssignControl({ post }: { post: Post }) {
  const ui = useLocalized(TEAM_UI);
  const me = useGovMe();
  const head = me.data?.teamRole !== 'officer';
  const team = useTeam(head && me.data !== undefined);
  const assign = useAssign();
  const selectId = useId();
  const reasonId = useId();
  const current = post.assignedOfficer ?? null;
  const [choice, setChoice] = useState<string>(current?._id ?? '');
  const [reason, setReason] = useState('');
  const busy = assign.isPending;
  const target = choice === '' ? null : choice;
  const needsReason = current !== null && current._id !== me.data?._id && target !== current._id;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    assign.mutate({ postId: post._id, officerId: target, ...(reason.trim() ? { reason: reason.trim() } : {}) }, { onSuccess: () => setReason('') });
  };

  return (
    <div data-testid="assign-control">
      <p className="text-sm text-slate-800">
        <span className="font-medium">{ui.assignLabel}:</span> <span data-testid="assignee">{current ? current.name : ui.nobody}</span>
      </p>
      {head ? (
        <form className="mt-2 flex flex-wrap items-end gap-2" onSubmit={submit}>
          <div className="min-w-[12rem] flex-1">
            <label htmlFor={selectId} className="field-label">
              {ui.assignTo}
            </label>
            <select id={selectId} className="field-input" value={choice} onChange={(e) => setChoice(e.target.value)} disabled={busy}>
              <option value="">{ui.nobody}</option>
              {(team.data?.members ?? []).map((m) => (
                <option key={m._id} value={m._id}>
                  {m.name}
                </option>
              ))}
              {current && !(team.data?.members ?? []).some((m) => m._id === current._id) && <option value={current._id}>{current.name}</option>}
            </select>
          </div>
          {needsReason && (
            <div className="min-w-[12rem] flex-[2]">
              <label htmlFor={reasonId} className="field-label">
                {ui.reasonLabel}
              </label>
              <input id={reasonId} className="field-input" value={reason} maxLength={TEAM_LIMITS.reasonMaxChars} onChange={(e) => setReason(e.target.value)} required />
            </div>
          )}
          <button type="submit" className="btn-secondary" disabled={busy || target === (current?._id ?? null) || (needsReason && !reason.trim())}>
            {ui.assignTo}
          </button>
        </form>
      ) : (
        current === null && (
          <button type="button" className="btn-secondary mt-2" disabled={busy || !me.data} onClick={() => me.data && assign.mutate({ postId: post._id, officerId: me.data._id })}>
            {ui.assignToMe}
          </button>
        )
      )}
    </div>
  );
}
