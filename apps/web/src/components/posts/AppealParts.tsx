import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { APPEAL_OUTCOMES, TEAM_LIMITS, TEAM_TEXTS, type Appeal, type AppealOutcome } from '@civicpulse/shared';
import { useAnswerAppeal, type AppealAnswerer } from '../../api/appeals';
import { localized, useTranslation } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { Icon } from '../Icon';
import { Modal } from '../Modal';
import { TextAreaField } from '../form/Field';
import { FormActions } from '../form/FormActions';
import { FieldError, useFormProblem } from '../useFormProblem';

const STATUS_TONES: Record<Appeal['status'], string> = {
  open: 'bg-amber-50 text-amber-900 ring-amber-300',
  upheld: 'bg-green-50 text-green-900 ring-green-300',
  dismissed: 'bg-slate-100 text-slate-800 ring-slate-300',
};

/** "Appeal open" / "Appeal upheld" / "Appeal dismissed" as a small rounded label. */
export function AppealStatusBadge({ status }: { status: Appeal['status'] }) {
  const { t } = useTranslation('posts');
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_TONES[status]}`} data-testid="appeal-status">
      {t(`appeal.status.${status}`)}
    </span>
  );
}

/** An open appeal past its due date. */
export function AppealOverdueBadge() {
  const { t } = useTranslation('posts');
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200 ring-inset" data-testid="appeal-overdue">
      <Icon name="alert" className="h-3.5 w-3.5" />
      {t('appeal.overdue')}
    </span>
  );
}

/** "Answer due by 5 Dec 2026", with the overdue mark when it is past. */
export function AppealDue({ appeal }: { appeal: Appeal }) {
  const { t } = useTranslation('posts');
  const { date } = useFormat();
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="text-sm text-slate-700" data-testid="appeal-due">
        <time dateTime={appeal.dueAt}>{t('appeal.dueBy', { date: date(appeal.dueAt, { dateStyle: 'medium' }) })}</time>
      </span>
      {appeal.overdue && <AppealOverdueBadge />}
    </span>
  );
}

/** The reporter's words, as a quoted block under its small label. */
export function AppealQuote({ label, text, testId }: { label: string; text: string; testId: string }) {
  return (
    <div className="mt-3">
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</p>
      <p className="mt-1 rounded-lg border-l-4 border-slate-300 bg-slate-50 px-3 py-2 text-sm break-words whitespace-pre-line text-slate-800" data-testid={testId}>
        {text}
      </p>
    </div>
  );
}

/**
 * The answer to an appeal (a department head's through /api/gov, an admin's through /api/admin): the
 * outcome (Upheld reopens the report at Work Started) and the words the reporter reads. Closes itself
 * after a successful answer; the server's message is the toast.
 */
export function AppealAnswerDialog({ postId, reference, who, onClose }: { postId: string; reference: string; who: AppealAnswerer; onClose: () => void }) {
  const { t } = useTranslation('posts');
  const titleId = useId();
  const answer = useAnswerAppeal(who);
  const [outcome, setOutcome] = useState<AppealOutcome | null>(null);
  const [response, setResponse] = useState('');
  const problem = useFormProblem<'outcome' | 'response'>();
  const outcomeProblem = problem.field('outcome');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (answer.isPending) return;
    const texts = localized(TEAM_TEXTS);
    if (!outcome) return problem.report(texts.appealOutcomeInvalid, ['outcome']);
    if (!response.trim()) return problem.report(texts.appealResponseRequired, ['response']);
    problem.clear();
    answer.mutate({ postId, outcome, response: response.trim() }, { onSuccess: onClose });
  };

  return (
    <Modal labelledBy={titleId} onClose={onClose} busy={answer.isPending}>
      <form ref={problem.formRef} className="p-5 sm:p-6" onSubmit={submit} noValidate data-testid="appeal-answer-form">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {t('appeal.answerTitle')}
        </h2>
        <p className="mt-1 font-mono text-xs text-slate-600">{reference}</p>
        <fieldset className="mt-4" aria-describedby={outcomeProblem.invalid ? outcomeProblem.errorId : undefined}>
          <legend className="field-label">{t('appeal.outcomeLegend')}</legend>
          <div className="mt-1 grid gap-2">
            {APPEAL_OUTCOMES.map((o) => (
              <label
                key={o}
                className={`flex cursor-pointer items-start gap-3 rounded-xl border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 ${
                  outcome === o ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white'
                }`}
              >
                <input
                  type="radio"
                  name="appeal-outcome"
                  value={o}
                  className="mt-0.5 accent-brand-700"
                  checked={outcome === o}
                  aria-invalid={outcomeProblem.invalid || undefined}
                  onChange={() => {
                    setOutcome(o);
                    problem.fix('outcome');
                  }}
                  disabled={answer.isPending}
                />
                <span>
                  <span className="block font-semibold text-slate-900">{t(`appeal.${o}`)}</span>
                  <span className="block text-slate-700">{t(`appeal.${o}Hint`)}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldError problem={outcomeProblem} />
        </fieldset>
        <TextAreaField
          label={t('appeal.responseLabel')}
          className="mt-4"
          name="response"
          inputClassName="min-h-28"
          rows={4}
          required
          maxLength={TEAM_LIMITS.appealReasonMaxChars}
          value={response}
          problem={problem.field('response')}
          onChange={(e) => {
            setResponse(e.target.value);
            problem.fix('response');
          }}
          disabled={answer.isPending}
        />
        <FormActions cancelLabel={t('appeal.cancel')} onCancel={onClose} actionLabel={t('appeal.sendAnswer')} busyLabel={t('appeal.sending')} busy={answer.isPending} />
      </form>
    </Modal>
  );
}

/**
 * One open appeal in a list (a department head's, an admin's): the report's reference and caption (a
 * link to its page), when the answer is due, the reporter's reason, who answers, and the answer button
 * for those who may answer it.
 */
export function AppealCard({ appeal, canAnswer, onAnswer, note }: { appeal: Appeal; canAnswer: boolean; onAnswer: () => void; note?: string }) {
  const { t } = useTranslation('posts');
  const { date } = useFormat();
  const headingId = useId();
  return (
    <article className="card p-4 sm:p-5" aria-labelledby={headingId} data-testid="appeal-card" data-post-id={appeal.postId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-mono text-xs font-semibold text-slate-700" data-testid="appeal-reference">
          {appeal.reference}
        </span>
        <AppealDue appeal={appeal} />
      </div>
      <h2 id={headingId} className="mt-2 text-base font-semibold break-words text-slate-900">
        <Link to={`/post/${appeal.postId}`} className="text-brand-800 hover:underline">
          {appeal.caption}
        </Link>
      </h2>
      <p className="mt-1 text-xs text-slate-600">
        <time dateTime={appeal.createdAt}>{t('appeal.filedOn', { date: date(appeal.createdAt, { dateStyle: 'medium' }) })}</time>
        {' · '}
        {appeal.handler === 'head' ? t('appeal.handlerHead') : t('appeal.handlerAdmin')}
      </p>
      <AppealQuote label={t('appeal.reason')} text={appeal.reason} testId="appeal-reason" />
      {canAnswer ? (
        <div className="mt-4">
          <button type="button" className="btn-primary w-full sm:w-auto" onClick={onAnswer} aria-label={t('appeal.answerNamed', { reference: appeal.reference })}>
            {t('appeal.answer')}
          </button>
        </div>
      ) : (
        note && <p className="mt-3 text-sm text-slate-700">{note}</p>
      )}
    </article>
  );
}
