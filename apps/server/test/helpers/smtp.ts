/**
 * A real SMTP server in the test process (smtp-server), for the email suites: every accepted message
 * is parsed (mailparser) and kept. It can refuse the next messages (a 451, as a busy server answers)
 * or hold one mid-DATA (the crash test kills the sender then).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface TestSmtp {
  url: string;
  /** Accepted messages, in order. */
  messages: ParsedMail[];
  /** Messages whose DATA arrived (accepted, refused, held or dropped). */
  dataStarted: number;
  /** Messages held now. */
  readonly heldCount: number;
  /** Refuse the next `n` messages with a 451. */
  refuseNext(n: number): void;
  /**
   * Hold every message after its DATA without answering until `release` is called (then accepted). A
   * held message whose connection closes first is dropped, as a careful server does when the client
   * went away before the final reply: the sender never heard "250", so the message was not taken.
   */
  hold(): void;
  release(): void;
  /** Waits until `count` messages to `to` (any recipient if omitted) were accepted, and answers them. */
  waitFor(count: number, to?: string, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export const toOf = (m: ParsedMail): string => {
  const to = Array.isArray(m.to) ? m.to[0] : m.to;
  return to?.value[0]?.address ?? '';
};

export async function startSmtp(): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  let refuse = 0;
  let holding = false;
  const held: Array<{ session: string; finish: () => void }> = [];
  const state = { dataStarted: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onClose(session) {
      for (let i = held.length - 1; i >= 0; i--) if (held[i]!.session === session.id) held.splice(i, 1);
    },
    onData(stream, session, callback) {
      state.dataStarted += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const finish = () => {
          if (refuse > 0) {
            refuse -= 1;
            const err = new Error('Try again later') as Error & { responseCode: number };
            err.responseCode = 451;
            callback(err);
            return;
          }
          simpleParser(Buffer.concat(chunks))
            .then((m) => {
              messages.push(m);
              callback();
            })
            .catch((err: Error) => callback(err));
        };
        if (holding) held.push({ session: session.id, finish });
        else finish();
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get dataStarted() {
      return state.dataStarted;
    },
    get heldCount() {
      return held.length;
    },
    refuseNext(n) {
      refuse = n;
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const h of held.splice(0)) h.finish();
    },
    async waitFor(count, to, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const got = messages.filter((m) => !to || toOf(m) === to);
        if (got.length >= count) return got;
        if (Date.now() > deadline) throw new Error(`expected ${count} message(s) to ${to ?? 'anyone'}, got ${got.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a message's text that starts with `prefix` (e.g. `http://…/verify-email?token=`). */
export function linkIn(m: ParsedMail, pathPrefix: string): URL {
  const found = (m.text ?? '').match(/https?:\/\/\S+/g)?.map((u) => new URL(u)).find((u) => u.pathname === pathPrefix);
  if (!found) throw new Error(`no ${pathPrefix} link in: ${m.text}`);
  return found;
}

/** A header's raw value as sent (unfolded), or undefined: mailparser reshapes some (List-*) into objects. */
export function headerOf(m: ParsedMail, name: string): string | undefined {
  const line = m.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line?.slice(line.indexOf(':') + 1).replace(/\r?\n\s+/g, ' ').trim();
}
