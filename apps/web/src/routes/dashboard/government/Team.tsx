import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { EMAIL_PATTERN, GOV_UI, LIMITS, TEAM_ROLES, TEAM_TEXTS, TEAM_UI, TEXTS, type TeamInvite, type TeamMember, type TeamRole } from '@civicpulse/shared';
import { ApiError, errorMessage } from '../../../api/client';
import { useInviteMember, useRemoveMember, useRevokeInvite, useTeam } from '../../../api/team';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { MemberFigures } from '../../../components/government/MemberFigures';
import { TemplatesEditor } from '../../../components/government/TemplatesEditor';
import { Field, SelectField } from '../../../components/form/Field';
import { useFormProblem } from '../../../components/useFormProblem';
import { usePageTitle } from '../../../components/usePageTitle';
import { localized, useLocalized, useTranslation } from '../../../i18n';
import { useFormat } from '../../../i18n/format';
import toast from '../../../toast';

/** The form's choices, the usual one first. */
const INVITE_ROLES: readonly TeamRole[] = ['officer', 'head'];
const isTeamRole = (value: string): value is TeamRole => (TEAM_ROLES as readonly string[]).includes(value);

/** A small rounded label next to a member's name (their role, "(you)", the department account). */
function Badge({ tone, children }: { tone: 'brand' | 'slate' | 'amber'; children: string }) {
  const colours = {
    brand: 'bg-brand-50 text-brand-900 ring-brand-200',
    slate: 'bg-slate-100 text-slate-800 ring-slate-200',
    amber: 'bg-amber-50 text-amber-900 ring-amber-200',
  }[tone];
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${colours}`}>{children}</span>;
}

/** An address that may wrap on a phone: preferably right before its @, never past the card's edge. */
function Email({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at <= 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}

/** A section of the page: a card with its own heading. */
function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="card p-4 sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function MemberRow({ member, isMe, canRemove, onRemove }: { member: TeamMember; isMe: boolean; canRemove: boolean; onRemove: () => void }) {
  const ui = useLocalized(TEAM_UI);
  const { t } = useTranslation('common');
  return (
    <li className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between" data-testid="team-member" data-member-id={member._id}>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-semibold break-words text-slate-900">{member.name}</span>
          {isMe && <span className="text-sm text-slate-700">{ui.you}</span>}
          <Badge tone={member.teamRole === 'head' ? 'brand' : 'slate'}>{ui.roleNames[member.teamRole]}</Badge>
          {member.isDepartment && <Badge tone="amber">{ui.departmentAccount}</Badge>}
        </p>
        <p className="mt-0.5 text-sm [overflow-wrap:anywhere] text-slate-700">
          <Email address={member.email} />
        </p>
        <p className="mt-0.5 text-xs text-slate-600">{t('team.openAssigned', { count: member.openAssigned })}</p>
      </div>
      {canRemove && !member.isDepartment && !isMe && (
        <button
          type="button"
          className="btn-ghost self-start border border-red-200 text-red-800 hover:bg-red-50 sm:self-center"
          onClick={onRemove}
          aria-label={t('team.removeNamed', { name: member.name })}
        >
          {ui.remove}
        </button>
      )}
    </li>
  );
}

function InviteRow({ invite, busy, onWithdraw }: { invite: TeamInvite; busy: boolean; onWithdraw: () => void }) {
  const ui = useLocalized(TEAM_UI);
  const { t } = useTranslation('common');
  const { date } = useFormat();
  return (
    <li className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between" data-testid="team-invite">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="min-w-0 font-medium [overflow-wrap:anywhere] text-slate-900">
            <Email address={invite.email} />
          </span>
          <Badge tone={invite.teamRole === 'head' ? 'brand' : 'slate'}>{ui.roleNames[invite.teamRole]}</Badge>
        </p>
        <p className="mt-0.5 text-xs text-slate-600">
          <time dateTime={invite.expiresAt}>{ui.expires(date(invite.expiresAt, { dateStyle: 'medium' }))}</time>
        </p>
      </div>
      <button
        type="button"
        className="btn-ghost self-start border border-slate-300 sm:self-center"
        onClick={onWithdraw}
        disabled={busy}
        aria-busy={busy}
        aria-label={t('team.withdrawNamed', { email: invite.email })}
      >
        {ui.withdraw}
      </button>
    </li>
  );
}

/** The head's invitation form: an email and a role; the server's answer as a toast. */
function InviteForm() {
  const ui = useLocalized(TEAM_UI);
  const invite = useInviteMember();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRole>('officer');
  const problem = useFormProblem<'email'>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) return problem.report(localized(TEAM_TEXTS).inviteEmailInvalid, ['email']);
    problem.clear();
    invite.mutate(
      { email: address, teamRole: role },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          setEmail('');
        },
        onError: (error) => {
          const message = errorMessage(error, localized(TEXTS).http.internal);
          // A bad or taken address is the email field's problem; anything else (not the head, a full team) a toast.
          if (error instanceof ApiError && (error.status === 400 || error.status === 409)) problem.report(message, ['email']);
          else toast.error(message);
        },
      },
    );
  };

  return (
    <form ref={problem.formRef} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_11rem] sm:items-start">
      <Field
        label={ui.emailLabel}
        type="email"
        name="email"
        autoComplete="off"
        inputMode="email"
        value={email}
        maxLength={LIMITS.emailMaxChars}
        required
        problem={problem.field('email')}
        onChange={(e) => {
          setEmail(e.target.value);
          problem.fix('email');
        }}
      />
      <SelectField
        label={ui.roleLabel}
        name="teamRole"
        value={role}
        onChange={(next) => {
          if (isTeamRole(next)) setRole(next);
        }}
        options={INVITE_ROLES.map((r) => ({ value: r, label: ui.roleNames[r] }))}
      />
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={invite.isPending} aria-busy={invite.isPending}>
          {invite.isPending ? ui.inviting : ui.invite}
        </button>
      </div>
    </form>
  );
}

/**
 * The department's team (department teams): its members with their open reports, the figures per member
 * and the response templates, and for a head the invitation form, the pending invitations (withdraw),
 * removing a member (confirmed first) and keeping the templates. Officers read the members, figures and
 * templates only.
 */
export default function Team() {
  const ui = useLocalized(TEAM_UI);
  const gov = useLocalized(GOV_UI);
  const { t } = useTranslation('common');
  usePageTitle(ui.heading);
  const team = useTeam();
  const revoke = useRevokeInvite();
  const remove = useRemoveMember();
  const [removing, setRemoving] = useState<TeamMember | null>(null);

  const isHead = team.data?.me.teamRole === 'head';
  const failure = () => localized(TEXTS).http.internal;

  const withdraw = (invite: TeamInvite) =>
    revoke.mutate(invite._id, {
      onSuccess: ({ message }) => toast.success(message),
      onError: (error) => toast.error(errorMessage(error, failure())),
    });

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing._id, {
      onSuccess: ({ message }) => {
        toast.success(message);
        setRemoving(null);
      },
      onError: (error) => {
        toast.error(errorMessage(error, failure()));
        setRemoving(null);
      },
    });
  };

  let body: ReactNode;
  if (team.isPending) {
    body = (
      <div role="status" aria-label={t('team.loading')} className="space-y-3">
        {[0, 1].map((i) => (
          <div key={i} className="h-24 animate-pulse rounded-2xl bg-slate-200/70" />
        ))}
      </div>
    );
  } else if (team.isError) {
    body = (
      <EmptyState title={t('team.loadFailed')}>
        <p>{errorMessage(team.error, '')}</p>
        <button type="button" className="btn-secondary mt-3" onClick={() => void team.refetch()}>
          {gov.retry}
        </button>
      </EmptyState>
    );
  } else {
    const { me, members, invites } = team.data;
    body = (
      <>
        <Panel title={ui.members}>
          <ul className="divide-y divide-slate-200" data-testid="team-members">
            {members.map((m) => (
              <MemberRow key={m._id} member={m} isMe={m._id === me._id} canRemove={isHead} onRemove={() => setRemoving(m)} />
            ))}
          </ul>
        </Panel>
        <MemberFigures />
        <TemplatesEditor canEdit={isHead} />
        {isHead && (
          <>
            <Panel title={ui.inviteHeading}>
              <InviteForm />
            </Panel>
            <Panel title={ui.invites}>
              {invites.length > 0 ? (
                <ul className="divide-y divide-slate-200" data-testid="team-invites">
                  {invites.map((i) => (
                    <InviteRow key={i._id} invite={i} busy={revoke.isPending && revoke.variables === i._id} onWithdraw={() => withdraw(i)} />
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-slate-700" data-testid="team-no-invites">
                  {ui.noInvites}
                </p>
              )}
            </Panel>
          </>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="screen-title" className="max-w-3xl">
      <h1 id="screen-title" className="text-2xl font-bold text-slate-900">
        {ui.heading}
      </h1>
      {team.data?.department.name && (
        <p className="mt-1 text-base font-medium break-words text-slate-900" data-testid="team-department">
          {team.data.department.name}
        </p>
      )}
      <p className="mt-1 text-sm text-slate-700">{ui.intro}</p>
      <div className="mt-6 space-y-6">{body}</div>
      {removing && (
        <ConfirmDialog
          title={t('team.removeNamed', { name: removing.name })}
          confirmLabel={ui.remove}
          danger
          busy={remove.isPending}
          onConfirm={confirmRemove}
          onCancel={() => setRemoving(null)}
        >
          {ui.removeConfirm(removing.name)}
        </ConfirmDialog>
      )}
    </section>
  );
}
