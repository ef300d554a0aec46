import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import toast from '../toast';
import { useMutation } from '@tanstack/react-query';
import { Trans } from 'react-i18next';
import { CONTACT_DETAILS, CONTACT_TEXTS, LENGTH_TEXTS, LIMITS, TEXTS, validateContact } from '@civicpulse/shared';
import { contactApi } from '../api/auth';
import { errorMessage } from '../api/client';
import { Field } from '../components/form/Field';
import { Icon } from '../components/Icon';
import { PageHeader } from '../components/PageHeader';
import { usePageTitle } from '../components/usePageTitle';
import { useLocalized, useTranslation } from '../i18n';
import { useLocalizedMessage } from '../i18n/message';

interface Form {
  name: string;
  email: string;
  message: string;
}
const EMPTY: Form = { name: '', email: '', message: '' };

export default function Contact() {
  const { t } = useTranslation('pages');
  const texts = useLocalized(TEXTS);
  const localMessage = useLocalizedMessage(CONTACT_TEXTS, LENGTH_TEXTS);
  usePageTitle(t('contact.pageTitle'));
  const [form, setForm] = useState<Form>(EMPTY);
  const messageId = useId();
  const set = (key: keyof Form) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const send = useMutation({
    mutationFn: (f: Form) => contactApi.send({ name: f.name.trim(), email: f.email.trim(), message: f.message.trim() }),
    onSuccess: (answer) => {
      toast.success(answer.message || texts.success.contactSent);
      setForm(EMPTY);
    },
    onError: (error) => toast.error(errorMessage(error, texts.errors.sendContact)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateContact(form);
    if (problem) {
      toast.error(localMessage(problem));
      return;
    }
    send.mutate(form);
  };

  return (
    <div>
      <PageHeader eyebrow={t('contact.eyebrow')} title={t('contact.title')}>
        {t('contact.intro')}
      </PageHeader>
      <div className="page grid gap-8 lg:grid-cols-[3fr_2fr]">
        <form className="card space-y-4" onSubmit={onSubmit} noValidate aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="text-xl font-semibold text-slate-900">
            {t('contact.formHeading')}
          </h2>
          <Field label={t('contact.fullName')} name="name" autoComplete="name" value={form.name} onChange={set('name')} />
          <Field label={t('contact.email')} name="email" type="email" autoComplete="email" value={form.email} onChange={set('email')} />
          <div>
            <label htmlFor={messageId} className="field-label">
              {t('contact.message')}
            </label>
            <textarea
              id={messageId}
              name="message"
              rows={6}
              maxLength={LIMITS.contactMessageMaxChars}
              className="field-input resize-y"
              value={form.message}
              onChange={set('message')}
            />
          </div>
          <button type="submit" className="btn-primary" disabled={send.isPending}>
            {send.isPending ? t('contact.sending') : t('contact.send')}
          </button>
        </form>
        <aside className="card h-fit space-y-5" aria-labelledby="contact-details-title">
          <h2 id="contact-details-title" className="text-xl font-semibold text-slate-900">
            {t('contact.otherWays')}
          </h2>
          <p className="flex items-start gap-3 text-sm text-slate-700">
            <Icon name="mail" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
            <a href={`mailto:${CONTACT_DETAILS.email}`} className="font-medium text-brand-800 hover:underline">
              {CONTACT_DETAILS.email}
            </a>
          </p>
          <p className="flex items-start gap-3 text-sm text-slate-700">
            <Icon name="phone" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
            <a href={`tel:${CONTACT_DETAILS.phone.replace(/\s+/g, '')}`} className="font-medium text-brand-800 hover:underline">
              {CONTACT_DETAILS.phone}
            </a>
          </p>
          <address className="flex items-start gap-3 text-sm leading-6 text-slate-700 not-italic">
            <Icon name="pin" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
            <span>
              {CONTACT_DETAILS.address.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </span>
          </address>
          <p className="text-sm text-slate-600">
            <Trans t={t} i18nKey="contact.reportNote" components={{ strong: <strong /> }} />
          </p>
        </aside>
      </div>
    </div>
  );
}
