/**
 * The emails' text and HTML (issue 27 item 3), in the recipient's language: link emails (verify,
 * reset), one notification, and the daily summary. Every value that came from a person (names,
 * captions, reasons) is escaped in the HTML; the text part is the same words without markup.
 */
import { MAIL_TEXTS, PRODUCT_NAME, notificationText, type Language, type NotificationType } from '@civicpulse/shared';
import { MAIL_TEXTS_HI, notificationTextHi } from '@civicpulse/shared/i18n/hi';
import type { LinkMailFacts, NotificationMailFacts } from '../../events/mail.js';
import type { MailKind } from '../../db/types.js';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Where the links of an email lead. */
export interface MailLinks {
  /** The app's origin, e.g. https://civicpulse.example.in (no trailing slash). */
  base: string;
  /** The recipient's Settings page (where the email choices are). */
  settings: string;
  /** The one-click unsubscribe URL for this email's kind (update emails only). */
  unsubscribe?: string | undefined;
  /** The page a person opens from the email's own "Unsubscribe" link (asks before it acts). */
  unsubscribePage?: string | undefined;
}

export interface DigestFacts {
  items: Array<Omit<NotificationMailFacts, 'notificationId'>>;
  /** Updates in the period beyond the listed ones. */
  more: number;
}

const WORDS: Record<Language, typeof MAIL_TEXTS> = { en: MAIL_TEXTS, hi: MAIL_TEXTS_HI as unknown as typeof MAIL_TEXTS };
const NOTE_TEXT: Record<Language, typeof notificationText> = { en: notificationText, hi: notificationTextHi };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

interface Block {
  paragraphs: string[];
  action?: { label: string; url: string };
  list?: Array<{ text: string; url?: string | undefined }>;
  after?: string[];
}

function layout(lang: Language, subject: string, block: Block, links: MailLinks, footer: 'update' | 'link'): RenderedMail {
  const w = WORDS[lang];
  const textParts: string[] = [...block.paragraphs];
  if (block.list) textParts.push(block.list.map((i) => `- ${i.text}${i.url ? `\n  ${i.url}` : ''}`).join('\n'));
  if (block.action) textParts.push(`${block.action.label}: ${block.action.url}`);
  if (block.after) textParts.push(...block.after);
  const footLines = footer === 'update' ? [w.whyYouGetThis, `${w.settings}: ${links.settings}`] : [w.automatic];
  if (footer === 'update' && links.unsubscribePage) footLines.push(`${w.unsubscribe}: ${links.unsubscribePage}`);
  const text = `${textParts.join('\n\n')}\n\n-- \n${footLines.join('\n')}\n`;

  const p = (s: string) => `<p style="margin:0 0 14px">${escapeHtml(s)}</p>`;
  const a = (label: string, url: string) => `<a href="${escapeHtml(url)}" style="color:#0b5cad">${escapeHtml(label)}</a>`;
  const html = [
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f3f5f8;font-family:Arial,\'Noto Sans Devanagari\',sans-serif;color:#1c2430">',
    '<div style="max-width:560px;margin:0 auto;padding:24px 16px">',
    `<div style="font-size:20px;font-weight:bold;color:#0b5cad;margin-bottom:16px">${escapeHtml(PRODUCT_NAME)}</div>`,
    '<div style="background:#ffffff;border-radius:8px;padding:24px;font-size:15px;line-height:1.5">',
    ...block.paragraphs.map(p),
    block.list
      ? `<ul style="padding-left:20px;margin:0 0 14px">${block.list.map((i) => `<li style="margin-bottom:8px">${i.url ? a(i.text, i.url) : escapeHtml(i.text)}</li>`).join('')}</ul>`
      : '',
    block.action
      ? `<p style="margin:20px 0"><a href="${escapeHtml(block.action.url)}" style="background:#0b5cad;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(block.action.label)}</a></p><p style="margin:0 0 14px;font-size:13px;color:#5b6472;word-break:break-all">${escapeHtml(block.action.url)}</p>`
      : '',
    ...(block.after ?? []).map(p),
    '</div>',
    `<div style="font-size:12px;color:#5b6472;padding:12px 4px">${
      footer === 'update'
        ? `${escapeHtml(w.whyYouGetThis)} ${a(w.settings, links.settings)}${links.unsubscribePage ? ` · ${a(w.unsubscribe, links.unsubscribePage)}` : ''}`
        : escapeHtml(w.automatic)
    }</div>`,
    '</div></body></html>',
  ].join('');
  return { subject, text, html };
}

export function renderLinkMail(kind: 'verifyEmail' | 'resetPassword', facts: LinkMailFacts, lang: Language, links: MailLinks): RenderedMail {
  const w = WORDS[lang];
  const token = encodeURIComponent(facts.token);
  if (kind === 'verifyEmail') {
    return layout(lang, w.verifySubject, {
      paragraphs: [w.greeting(facts.name), w.verifyBody],
      action: { label: w.verifyAction, url: `${links.base}/verify-email?token=${token}` },
      after: [w.verifyIgnore],
    }, links, 'link');
  }
  return layout(lang, w.resetSubject, {
    paragraphs: [w.greeting(facts.name), w.resetBody],
    action: { label: w.resetAction, url: `${links.base}/reset-password?token=${token}` },
    after: [w.resetIgnore],
  }, links, 'link');
}

/** A head's invitation to join the department (department teams): the token rides in the join page's path. */
export interface InviteMailFacts {
  token: string;
  department: string;
  inviter: string;
  language?: string;
}

export function renderInviteMail(facts: InviteMailFacts, lang: Language, links: MailLinks): RenderedMail {
  const w = WORDS[lang];
  return layout(lang, w.inviteSubject(facts.department), {
    paragraphs: [w.inviteBody(facts.department, facts.inviter)],
    action: { label: w.inviteAction, url: `${links.base}/join/${encodeURIComponent(facts.token)}` },
    after: [w.inviteIgnore],
  }, links, 'link');
}

function noteText(lang: Language, f: Omit<NotificationMailFacts, 'notificationId'>) {
  return NOTE_TEXT[lang](f.type as NotificationType, { actorName: f.actorName, caption: f.caption, toState: f.toState, reason: f.reason });
}

function linkOf(base: string, f: Omit<NotificationMailFacts, 'notificationId'>): string {
  if (f.postId) return `${base}/post/${f.postId}`;
  if (f.type === 'accountVerified' || f.type === 'accountRevoked') return `${base}/government/dashboard`;
  return base;
}

export function renderNotificationMail(facts: NotificationMailFacts, lang: Language, links: MailLinks, reference: string | undefined): RenderedMail {
  const w = WORDS[lang];
  const { title, message } = noteText(lang, facts);
  const subject = reference ? `${title} [${reference}]` : title;
  return layout(lang, subject, {
    paragraphs: [message, ...(reference ? [w.reference(reference)] : [])],
    action: { label: facts.postId ? w.openReport : w.openApp, url: linkOf(links.base, facts) },
  }, links, 'update');
}

export function renderDigestMail(facts: DigestFacts, lang: Language, links: MailLinks): RenderedMail {
  const w = WORDS[lang];
  const total = facts.items.length + facts.more;
  return layout(lang, w.digestSubject(total), {
    paragraphs: [w.digestIntro],
    list: facts.items.map((f) => {
      const { title, message } = noteText(lang, f);
      return { text: `${title}: ${message}`, url: linkOf(links.base, f) };
    }),
    after: facts.more > 0 ? [w.digestMore(facts.more)] : [],
    action: { label: w.openApp, url: `${links.base}/` },
  }, links, 'update');
}

/** The kinds of email that are updates a person chose (and can unsubscribe from); the others are transactional. */
export function isUpdate(kind: MailKind): boolean {
  return kind === 'notification' || kind === 'digest';
}
