/**
 * Reading an answer of POST /api/ask in the browser: the Server-Sent Events of a streamed answer, and
 * the links in a reply's plain text. Apart from assistant.ts so that only the panel's lazily loaded
 * code carries them, not the floating button on every page.
 */

/** One Server-Sent Event as read from the stream: its name ('message' when unnamed) and its data lines joined. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * Reads Server-Sent Events from text as it arrives, in pieces cut anywhere (inside a line, between
 * the CR and LF of a line end): push() returns the events the new text completed, end() those the
 * end of the stream completed. Follows the format's rules for fields, comments and line ends; an
 * event cut off by the end of the stream is never returned (the caller sees no `done` and treats the
 * answer as failed).
 */
export function sseReader(): { push(text: string): SseEvent[]; end(): SseEvent[] } {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  const drain = (final: boolean): SseEvent[] => {
    const out: SseEvent[] = [];
    for (;;) {
      const end = /\r\n|\r|\n/.exec(buffer);
      // A CR at the very end may be the first half of a CRLF: wait for the next piece.
      if (!end || (!final && end[0] === '\r' && end.index === buffer.length - 1)) break;
      const line = buffer.slice(0, end.index);
      buffer = buffer.slice(end.index + end[0].length);
      if (line === '') {
        if (data.length > 0) out.push({ event: event || 'message', data: data.join('\n') });
        event = '';
        data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    return out;
  };
  return {
    push(text) {
      buffer += text;
      return drain(false);
    },
    end: () => drain(true),
  };
}

/** A piece of a reply: plain text, an app path (/help/..., /post/<id>) or a web address. */
export type ReplyPart = { kind: 'text'; text: string } | { kind: 'path'; text: string } | { kind: 'url'; text: string };

// An app path stands alone (after a space, a line start or an opening bracket or quote), so "and/or" or a
// date stays text; "//host" is no app path. A web address is http(s) only.
const REPLY_LINK = /(https?:\/\/[^\s<>"'`]+)|(?<=^|[\s(["'“‘])(\/[A-Za-z0-9][\w.~-]*(?:\/[A-Za-z0-9][\w.~-]*)*)/g;
const TRAILING = /[.,;:!?)\]'"”’…]+$/;

/**
 * Cuts a reply (plain text from the assistant) into text and the links it names, for the panel to
 * render as elements: the text is never parsed as HTML. Sentence punctuation after a link stays text.
 */
export function replyParts(reply: string): ReplyPart[] {
  const parts: ReplyPart[] = [];
  let text = '';
  let last = 0;
  for (const match of reply.matchAll(REPLY_LINK)) {
    const raw = match[0];
    const link = raw.replace(TRAILING, '');
    let kind: 'path' | 'url' | null = match[1] ? 'url' : 'path';
    if (kind === 'url') {
      try {
        const url = new URL(link);
        if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) kind = null;
      } catch {
        kind = null;
      }
    }
    if (!kind || !link) continue;
    text += reply.slice(last, match.index);
    if (text) parts.push({ kind: 'text', text });
    parts.push({ kind, text: link });
    text = '';
    last = match.index + link.length;
  }
  text += reply.slice(last);
  if (text) parts.push({ kind: 'text', text });
  return parts;
}

/**
 * How many characters of a reply of `length` characters the typing effect shows `elapsedMs` after it
 * began: one every `msPerChar` (spec 9: 15 ms), but never for longer than `maxMs`: then the rest is
 * shown at once, so a long answer is readable within about half a second. All at once for
 * prefers-reduced-motion.
 */
export function typedLength(elapsedMs: number, length: number, options: { msPerChar: number; maxMs: number; reducedMotion?: boolean }): number {
  if (options.reducedMotion || elapsedMs >= options.maxMs) return length;
  return Math.max(0, Math.min(length, Math.floor(elapsedMs / options.msPerChar)));
}

/** The answer's own fields the panel draws apart from its text (see AskAnswer in assistant.ts). */
export interface ReplyExtras {
  readMore?: { title: string; path: string } | undefined;
  suggestions?: string[] | undefined;
}

export interface ReplyView {
  /** The text to show, without the lines drawn as elements below. */
  text: string;
  /** The "Read more" link: its words as the server wrote them ("Read more: <title>", or in Hindi) and the page. */
  readMore: { label: string; path: string } | null;
  /** The questions to offer as buttons. */
  suggestions: string[];
  /** Text that came after the suggestions (the contact line), shown below the buttons; '' when none. */
  after: string;
}

/**
 * Splits an answer for the panel: the reply's last line "Read more: <title> <path>" becomes a link
 * (its words kept: a Hindi answer says "और पढ़ें" on an English page too), and the "• <question>"
 * lines of the suggestions become buttons. An answer without those fields is shown as it is.
 */
export function replyView(reply: string, extras: ReplyExtras, readMoreWord: string): ReplyView {
  let text = reply;
  let readMore: ReplyView['readMore'] = null;
  if (extras.readMore) {
    const { title, path } = extras.readMore;
    const tail = ` ${title} ${path}`;
    const lines = text.trimEnd().split('\n');
    const last = lines.at(-1) ?? '';
    if (last.endsWith(tail) && lines.length > 1) {
      readMore = { label: `${last.slice(0, -` ${path}`.length)}`, path };
      text = lines.slice(0, -1).join('\n').trimEnd();
    } else {
      readMore = { label: `${readMoreWord}: ${title}`, path };
    }
  }
  const suggestions = extras.suggestions ?? [];
  let after = '';
  if (suggestions.length > 0) {
    const listed = new Set(suggestions.map((q) => `• ${q}`));
    const lines = text.split('\n');
    const first = lines.findIndex((line) => listed.has(line.trim()));
    if (first >= 0) {
      text = lines.slice(0, first).join('\n');
      after = lines
        .slice(first)
        .filter((line) => !listed.has(line.trim()))
        .join('\n')
        .trim();
    }
  }
  return { text, readMore, suggestions, after };
}
