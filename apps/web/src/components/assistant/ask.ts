/**
 * POST /api/ask for the panel. Asks for Server-Sent Events (the reply arrives in pieces: `delta`
 * adds text, `replace` says to show its text instead of what came so far, `done` carries the final
 * answer) and reads a plain JSON answer just as well. The stored token goes along when there is one,
 * so the server can answer about the caller's own reports.
 */
import { ASSISTANT_STREAM_EVENTS, sseReader, type AskAnswer } from '@civicpulse/shared';
import { messageOf, parseBody } from '../../api/client';
import { readStoredToken } from '../../session/token';
import { currentLanguage } from '../../i18n';

export type AskOutcome =
  /** The assistant's answer. */
  | { kind: 'answer'; answer: AskAnswer }
  /** The server refused the question with a message worth showing (429 rate limit, 400 bad input). */
  | { kind: 'refused'; message: string };

/** Anything else (no connection, a 5xx, an answer that is not one) is thrown. */
export class AskFailed extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'AskFailed';
  }
}

function asAnswer(value: unknown): AskAnswer {
  if (value && typeof value === 'object' && 'reply' in value) {
    const { reply, source, article } = value as Record<string, unknown>;
    if (typeof reply === 'string' && reply.trim()) {
      const { readMore, suggestions } = value as Record<string, unknown>;
      const link = readMore as { title?: unknown; path?: unknown } | undefined;
      return {
        reply,
        source: source === 'help' || source === 'facts' || source === 'llm' ? source : 'none',
        article: typeof article === 'string' ? article : null,
        // Only an app page is a "Read more" link.
        ...(link && typeof link.title === 'string' && typeof link.path === 'string' && /^\/help\/[a-z0-9-]+$/.test(link.path)
          ? { readMore: { title: link.title, path: link.path } }
          : {}),
        ...(Array.isArray(suggestions) ? { suggestions: suggestions.filter((q): q is string => typeof q === 'string' && q.trim() !== '').slice(0, 10) } : {}),
      };
    }
  }
  throw new AskFailed('not an answer');
}

function textOf(data: string): string {
  const value = JSON.parse(data) as unknown;
  if (value && typeof value === 'object' && typeof (value as { text?: unknown }).text === 'string') return (value as { text: string }).text;
  throw new AskFailed('bad event');
}

/**
 * Asks one question. `onText` gets the reply as received so far (the whole text each time) while a
 * stream comes in; the returned answer is the final one.
 */
export async function ask(message: string, onText: (text: string) => void, signal?: AbortSignal): Promise<AskOutcome> {
  const headers: Record<string, string> = {
    Accept: 'text/event-stream, application/json;q=0.9',
    'Content-Type': 'application/json',
    // The server's refusals (rate limit, bad input) in the language the user reads.
    'Accept-Language': currentLanguage(),
  };
  const token = readStoredToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch('/api/ask', { method: 'POST', headers, body: JSON.stringify({ message }), signal });

  if (!response.ok) {
    const serverMessage = messageOf(parseBody(await response.text().catch(() => '')));
    if ((response.status === 429 || response.status === 400) && serverMessage) return { kind: 'refused', message: serverMessage };
    throw new AskFailed(`HTTP ${response.status}`);
  }

  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('text/event-stream') || !response.body) {
    // The JSON answer (a server or proxy that does not stream).
    return { kind: 'answer', answer: asAnswer(parseBody(await response.text())) };
  }

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const events = sseReader();
  let text = '';
  const handle = (batch: ReturnType<typeof events.push>): AskAnswer | null => {
    for (const { event, data } of batch) {
      if (event === ASSISTANT_STREAM_EVENTS.delta) {
        text += textOf(data);
        onText(text);
      } else if (event === ASSISTANT_STREAM_EVENTS.replace) {
        text = textOf(data);
        onText(text);
      } else if (event === ASSISTANT_STREAM_EVENTS.done) {
        return asAnswer(JSON.parse(data));
      }
    }
    return null;
  };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      const answer = handle(done ? events.end() : events.push(value));
      if (answer) return { kind: 'answer', answer };
      // The stream ended without its `done` event: the answer is incomplete.
      if (done) throw new AskFailed('stream ended early');
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}
