import { useId, useState, type FormEvent } from 'react';
import { TEAM_LIMITS, TEAM_TEXTS, type Appeal, type Post } from '@civicpulse/shared';
import { useAppeal, usePostAppeal } from '../../api/appeals';
import { useGovMe } from '../../api/government';
import { localized, useTranslation } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { useSession } from '../../session/useSession';
import { Modal } from '../Modal';
import { TextAreaField } from '../form/Field';
import { FormActions } from '../form/FormActions';
import { useFormProblem } from '../useFormProblem';
import { AppealAnswerDialog, AppealDue, AppealQuote, AppealStatusBadge } from './AppealParts';

/** The reporter's appeal: the reason (required), sent once; the dialog closes when the server took it. */
function AppealDialog({ postId, onClose }: { postId: string; onClose: () => void }) {
  const { t } = useTranslation('posts');
  const titleId = useId();
  const introId = useId();
  const appeal = useAppeal();
  const [reason, setReason] = useState('');
  const problem = useFormProblem<'reason'>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (appeal.isPending) return;
    if (!reason.trim()) return problem.report(localized(TEAM_TEXTS).appealReasonRequired, ['reason']);
    problem.clear();
    appeal.mutate({ postId, reason: reason.trim() }, { onSuccess: onClose });
  };

  return (
    <Modal labelledBy={titleId} describedBy={introId} onClose={onClose} busy={appeal.isPending}>
      <form ref={problem.formRef} className="p-5 sm:p-6" onSubmit={submit} noValidate data-testid="appeal-form">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {t('appeal.dialogTitle')}
        </h2>
        <p id={introId} className="mt-1 text-sm text-slate-700">
          {t('appeal.dialogIntro', { days: TEAM_LIMITS.appealDays })}
        </p>
        <TextAreaField
          label={t('appeal.reasonLabel')}
          className="mt-4"
          name="reason"
          inputClassName="min-h-32"
          rows={5}
          required
          maxLength={TEAM_LIMITS.appealReasonMaxChars}
          value={reason}
          problem={problem.field('reason')}
          onChange={(e) => {
            setReason(e.target.value);
            problem.fix('reason');
          }}
          disabled={appeal.isPending}
          after={
            <p className="mt-1 text-right text-xs text-slate-600 tabular-nums" aria-hidden="true">
              {reason.length}/{TEAM_LIMITS.appealReasonMaxChars}
            </p>
          }
        />
        <FormActions cancelLabel={t('appeal.cancel')} onCancel={onClose} actionLabel={t('appeal.send')} busyLabel={t('appeal.sending')} busy={appeal.isPending} />
      </form>
    </Modal>
  );
}

/** An appeal as its reporter, its department and admins read it: when, why, and the answer once there is one. */
function AppealDetails({ appeal }: { appeal: Appeal }) {
  const { t } = useTranslation('posts');
  const { date } = useFormat();
  const day = (iso: string) => date(iso, { dateStyle: 'medium' });
  return (
    <div data-testid="appeal-details">
      <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
        <time dateTime={appeal.createdAt}>{t('appeal.filedOn', { date: day(appeal.createdAt) })}</time>
        {appeal.status === 'open' && <AppealDue appeal={appeal} />}
        {appeal.status !== 'open' && appeal.answeredAt && <time dateTime={appeal.answeredAt}>{t('appeal.answeredOn', { date: day(appeal.answeredAt) })}</time>}
      </p>
      {appeal.status === 'open' && <p className="mt-1 text-sm text-slate-700">{appeal.handler === 'head' ? t('appeal.handlerHead') : t('appeal.handlerAdmin')}</p>}
      <AppealQuote label={t('appeal.reason')} text={appeal.reason} testId="appeal-reason" />
      {appeal.status !== 'open' && (
        <>
          <AppealQuote label={t('appeal.response')} text={appeal.response ?? ''} testId="appeal-response" />
          <p className="mt-3 text-sm font-medium text-slate-800">{appeal.status === 'upheld' ? t('appeal.upheldMeaning') : t('appeal.dismissedMeaning')}</p>
        </>
      )}
    </div>
  );
}

/**
 * A report's appeal on its page (department teams), for its reporter, the members of the department
 * handling it and admins (nobody else asks, so nobody else meets a 403). The reporter who may appeal
 * (two rejected fixes, or a "Not satisfied" rating) gets the Appeal button and its dialog; once there is
 * an appeal everyone here reads its state; the department's head (when it is theirs to answer) and any
 * admin answer an open one.
 */
export function AppealPanel({ post }: { post: Post }) {
  const { t } = useTranslation('posts');
  const session = useSession();
  const headingId = useId();
  const [dialog, setDialog] = useState<'appeal' | 'answer' | null>(null);
  const isAuthor = session.role === 'user' && post.user._id === session.id;
  const isAdmin = session.role === 'admin';
  const isGov = session.role === 'government';
  const me = useGovMe(isGov);
  const department = me.data ? (me.data.departmentId ?? me.data._id) : null;
  const isMember = isGov && department !== null && post.assignedGovernment === department;
  const query = usePostAppeal(post._id, isAuthor || isAdmin || isMember);

  if (!query.data) {
    if (!query.isError) return null;
    return (
      <p className="mt-6 text-sm text-red-800" role="alert">
        {t('appeal.loadFailed')}
      </p>
    );
  }
  const { appeal, canAppeal } = query.data;
  if (!appeal && !canAppeal) return null;
  const canAnswer = appeal?.status === 'open' && (isAdmin || (isMember && me.data?.teamRole === 'head' && appeal.handler === 'head'));

  return (
    <section aria-labelledby={headingId} className="card mt-6 p-4 sm:p-5" data-testid="appeal-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('appeal.heading')}
        </h2>
        {appeal && <AppealStatusBadge status={appeal.status} />}
      </div>
      {appeal ? (
        <AppealDetails appeal={appeal} />
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">{t('appeal.intro', { days: TEAM_LIMITS.appealDays })}</p>
          <button type="button" className="btn-primary mt-3 w-full sm:w-auto" onClick={() => setDialog('appeal')}>
            {t('appeal.appeal')}
          </button>
        </>
      )}
      {canAnswer && (
        <button type="button" className="btn-primary mt-4 w-full sm:w-auto" onClick={() => setDialog('answer')}>
          {t('appeal.answer')}
        </button>
      )}
      {dialog === 'appeal' && <AppealDialog postId={post._id} onClose={() => setDialog(null)} />}
      {dialog === 'answer' && appeal && <AppealAnswerDialog postId={post._id} reference={appeal.reference} who={isAdmin ? 'admin' : 'gov'} onClose={() => setDialog(null)} />}
    </section>
  );
}
