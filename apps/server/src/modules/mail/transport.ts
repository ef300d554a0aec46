/**
 * Where emails go (issue 27 item 3): an SMTP server through nodemailer when SMTP_URL is set; without
 * it, the embedded default writes each message as a file, DATA_DIR/outbox/<id>.eml, so a newcomer's
 * app works without a mail server and the messages can be opened in any mail program. A file is
 * written under a temporary name and renamed, and named by the queue row's id: a retry overwrites the
 * same file, so a message is never there twice.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  /** The queue row's id: the file's name and the Message-ID's left part. */
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  /** For the start-up log line: where mail goes. */
  readonly description: string;
  close(): void;
}

export function createMailTransport(opts: { smtpUrl: string | undefined; dataDir: string; timeoutMs: number }): MailTransport {
  if (opts.smtpUrl) {
    const transporter = nodemailer.createTransport({
      url: opts.smtpUrl,
      connectionTimeout: opts.timeoutMs,
      greetingTimeout: opts.timeoutMs,
      socketTimeout: opts.timeoutMs,
    });
    const where = new URL(opts.smtpUrl);
    return {
      description: `SMTP ${where.protocol}//${where.hostname}:${where.port || (where.protocol === 'smtps:' ? 465 : 587)}`,
      async send(mail) {
        await transporter.sendMail(message(mail));
      },
      close: () => transporter.close(),
    };
  }
  const dir = path.join(opts.dataDir, 'outbox');
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `files in ${dir} (set SMTP_URL to send email)`,
    async send(mail) {
      const info = await composer.sendMail(message(mail));
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const file = path.join(dir, `${mail.id}.eml`);
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, info.message as Buffer, { mode: 0o600 });
      await rename(tmp, file);
    },
    close: () => composer.close(),
  };
}

function message(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    headers: mail.headers,
  };
}
