import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { GOV_UI, TEAM_LIMITS, TEAM_TEXTS, TEAM_UI, type ResponseTemplate } from '@civicpulse/shared';
import { ApiError, errorMessage } from '../../api/client';
import { useAddTemplate, useDeleteTemplate, useEditTemplate, useTemplates } from '../../api/team';
import { localized, useLocalized, useTranslation } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { ConfirmDialog } from '../ConfirmDialog';
import { Field, TextAreaField } from '../form/Field';
import { FormActions } from '../form/FormActions';
import { useFormProblem } from '../useFormProblem';

type TemplateField = 'title' | 'body';
type Draft = { title: string; body: string };

/** The field a refused template is about: the server's 400 names the text, or else the title. */
function fieldOf(message: string): TemplateField {
  const texts = localized(TEAM_TEXTS);
  return message === texts.templateBodyRequired || message === texts.templateBodyTooLong ? 'body' : 'title';
}

/**
 * A template's title and text, checked here first (blank fields) and then by the server; its refusal of
 * a field shows under that field. `onSave` answers a promise that rejects with the server's error.
 */
function TemplateForm({
  initial,
  saveLabel,
  busy,
  onSave,
  onCancel,
  labelledBy,
  testId,
  focusFirst = false,
}: {
  initial: Draft;
  saveLabel: string;
  busy: boolean;
  onSave: (draft: Draft) => Promise<unknown>;
  onCancel?: () => void;
  labelledBy: string;
  testId: string;
  /** The title takes the focus when the form appears (editing in place). */
  focusFirst?: boolean;
}) {
  const { t } = useTranslation('gov');
  const ui = useLocalized(TEAM_UI);
  const { number } = useFormat();
  const [draft, setDraft] = useState<Draft>(initial);
  const problem = useFormProblem<TemplateField>();
  const bodyCountId = useId();
  const { formRef } = problem;

  useEffect(() => {
    if (focusFirst) formRef.current?.querySelector<HTMLInputElement>('input[name="title"]')?.focus();
  }, [focusFirst, formRef]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const texts = localized(TEAM_TEXTS);
    const title = draft.title.trim();
    const body = draft.body.trim();
    if (!title) return problem.report(texts.templateTitleRequired, ['title']);
    if (!body) return problem.report(texts.templateBodyRequired, ['body']);
    problem.clear();
    onSave({ title, body }).then(
      () => {
        if (!onCancel) setDraft({ title: '', body: '' });
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 400) {
          const message = errorMessage(error, texts.templateTitleRequired);
          problem.report(message, [fieldOf(message)]);
        }
      },
    );
  };

  const set = (field: TemplateField, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    problem.fix(field);
  };

  return (
    <form ref={problem.formRef} onSubmit={submit} noValidate aria-labelledby={labelledBy} className="grid gap-4" data-testid={testId}>
      <Field
        label={t('templates.titleLabel')}
        name="title"
        autoComplete="off"
        value={draft.title}
        maxLength={TEAM_LIMITS.templateTitleMaxChars}
        required
        problem={problem.field('title')}
        onChange={(e) => set('title', e.target.value)}
      />
      <TextAreaField
        label={t('templates.bodyLabel')}
        name="body"
        rows={4}
        value={draft.body}
        maxLength={TEAM_LIMITS.templateBodyMaxChars}
        required
        problem={problem.field('body')}
        describedBy={bodyCountId}
        inputClassName="min-h-28 resize-y"
        onChange={(e) => set('body', e.target.value)}
        after={
          <p id={bodyCountId} className="mt-1 text-right text-xs text-slate-600 tabular-nums">
            {t('templates.length', { used: number(draft.body.length), max: number(TEAM_LIMITS.templateBodyMaxChars) })}
          </p>
        }
      />
      {onCancel ? (
        <FormActions className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end" cancelLabel={ui.cancel} onCancel={onCancel} actionLabel={saveLabel} busyLabel={t('templates.saving')} busy={busy} />
      ) : (
        <div>
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy} aria-busy={busy}>
            {busy ? t('templates.saving') : saveLabel}
          </button>
        </div>
      )}
    </form>
  );
}

/** One template: its title, text and last change; for a head, Edit (the form in its place) and Delete. */
function TemplateItem({
  template,
  canEdit,
  editing,
  onEdit,
  onDone,
  onDelete,
}: {
  template: ResponseTemplate;
  canEdit: boolean;
  editing: boolean;
  onEdit: () => void;
  onDone: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('gov');
  const { date } = useFormat();
  const edit = useEditTemplate();
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const editHeadingId = useId();

  // Out of the form (saved or cancelled): back to this template's Edit button.
  useEffect(() => {
    if (!editing && wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  if (editing) {
    return (
      <li className="py-4 first:pt-0 last:pb-0" data-testid="template" data-template-id={template._id}>
        {/* Tinted, with its own heading: never mistaken for the add form further down. */}
        <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          <h3 id={editHeadingId} className="mb-3 text-base font-semibold break-words text-slate-900">
            {t('templates.editNamed', { title: template.title })}
          </h3>
          <TemplateForm
            initial={{ title: template.title, body: template.body }}
            saveLabel={t('templates.save')}
            busy={edit.isPending}
            labelledBy={editHeadingId}
            testId="template-edit-form"
            focusFirst
            onCancel={onDone}
            onSave={(draft) => edit.mutateAsync({ id: template._id, ...draft }).then(onDone)}
          />
        </div>
      </li>
    );
  }
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between" data-testid="template" data-template-id={template._id}>
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold break-words text-slate-900" data-testid="template-title">
          {template.title}
        </h3>
        <p className="mt-1 text-sm leading-6 [overflow-wrap:anywhere] whitespace-pre-line text-slate-700" data-testid="template-body">
          {template.body}
        </p>
        <p className="mt-1 text-xs text-slate-600">
          <time dateTime={template.updatedAt}>{t('templates.updated', { date: date(template.updatedAt, { dateStyle: 'medium' }) })}</time>
        </p>
      </div>
      {canEdit && (
        <div className="flex shrink-0 gap-2">
          <button ref={editButton} type="button" className="btn-ghost border border-slate-300" onClick={onEdit} aria-label={t('templates.editNamed', { title: template.title })}>
            {t('templates.edit')}
          </button>
          <button type="button" className="btn-ghost border border-red-200 text-red-800 hover:bg-red-50" onClick={onDelete} aria-label={t('templates.deleteNamed', { title: template.title })}>
            {t('templates.delete')}
          </button>
        </div>
      )}
    </li>
  );
}

/**
 * The Team page's response templates: every member reads them (and picks one when adding a public note
 * to a report); a head adds them, edits one in place and deletes one (confirmed first). The server's
 * messages are the hooks' toasts; a refused field also shows under the field.
 */
export function TemplatesEditor({ canEdit }: { canEdit: boolean }) {
  const headingId = useId();
  const addHeadingId = useId();
  const { t } = useTranslation('gov');
  const gov = useLocalized(GOV_UI);
  const texts = useLocalized(TEAM_TEXTS);
  const { number } = useFormat();
  const templates = useTemplates();
  const add = useAddTemplate();
  const remove = useDeleteTemplate();
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ResponseTemplate | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const refocus = useRef(false);

  // A deleted template's buttons are gone (the dialog cannot give the focus back to Delete): the card's
  // heading keeps the keyboard's place once the dialog has closed.
  useEffect(() => {
    if (deleting || !refocus.current) return;
    refocus.current = false;
    heading.current?.focus();
  }, [deleting]);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => {
        refocus.current = true;
        setDeleting(null);
      },
      onError: () => setDeleting(null),
    });
  };

  let list;
  if (templates.isPending) {
    list = <div role="status" aria-label={t('templates.loading')} className="h-24 animate-pulse rounded-xl bg-slate-200/70" />;
  } else if (templates.isError) {
    list = (
      <div className="text-sm text-slate-700">
        <p className="font-medium text-slate-900">{t('templates.loadFailed')}</p>
        <p className="mt-1">{errorMessage(templates.error, '')}</p>
        <button type="button" className="btn-secondary mt-3" onClick={() => void templates.refetch()}>
          {gov.retry}
        </button>
      </div>
    );
  } else if (templates.data.templates.length === 0) {
    list = (
      <p className="text-sm text-slate-700" data-testid="templates-empty">
        {t('templates.empty')}
      </p>
    );
  } else {
    list = (
      <ul className="divide-y divide-slate-200" data-testid="templates">
        {templates.data.templates.map((tpl) => (
          <TemplateItem
            key={tpl._id}
            template={tpl}
            canEdit={canEdit}
            editing={editing === tpl._id}
            onEdit={() => setEditing(tpl._id)}
            onDone={() => setEditing(null)}
            onDelete={() => setDeleting(tpl)}
          />
        ))}
      </ul>
    );
  }

  const count = templates.data?.templates.length ?? 0;
  const full = count >= TEAM_LIMITS.templatesMax;

  return (
    <section aria-labelledby={headingId} className="card p-4 sm:p-6" data-testid="templates-card">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
          {t('templates.heading')}
        </h2>
        {canEdit && templates.data && (
          <p className="text-xs text-slate-600 tabular-nums" data-testid="templates-count">
            {t('templates.count', { used: number(count), max: number(TEAM_LIMITS.templatesMax) })}
          </p>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-700" data-testid="templates-hint">
        {canEdit ? t('templates.headIntro') : t('templates.officerHint')}
      </p>
      <div className="mt-4">{list}</div>
      {canEdit && templates.data && (
        <div className="mt-6 border-t border-slate-200 pt-5">
          <h3 id={addHeadingId} className="text-base font-semibold text-slate-900">
            {t('templates.addHeading')}
          </h3>
          {full ? (
            <p className="mt-2 text-sm text-slate-700" data-testid="templates-full">
              {texts.templatesFull}
            </p>
          ) : (
            <div className="mt-3">
              <TemplateForm initial={{ title: '', body: '' }} saveLabel={t('templates.save')} busy={add.isPending} labelledBy={addHeadingId} testId="template-add-form" onSave={(draft) => add.mutateAsync(draft)} />
            </div>
          )}
        </div>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('templates.deleteTitle', { title: deleting.title })}
          confirmLabel={t('templates.delete')}
          busyLabel={t('templates.deleting')}
          danger
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        >
          {t('templates.deleteBody')}
        </ConfirmDialog>
      )}
    </section>
  );
}
