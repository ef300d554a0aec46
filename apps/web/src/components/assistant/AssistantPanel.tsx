/**
 * The 'Ask CivicPulse AI' panel (spec 2.15, 5, 8, 9): the five suggestions before any message, a
 * textarea where Enter sends and Shift+Enter adds a line, 'Sending...' and 'AI is typing...' while an
 * answer comes, the reply revealed at 15 ms a character for at most 500 ms, then the rest at once (at
 * once for prefers-reduced-motion; ASSISTANT_LIMITS.typingMaxMs, typedLength), its "Read more" article
 * link and its suggested questions as a link and buttons, the
 * conversation scrolled to the newest message 100 ms after a reply, and '⚠️ Something went wrong.'
 * when asking fails. Replies are plain text; their app paths and web addresses become links, built
 * as elements (no HTML from the server is ever rendered). Loaded lazily by AssistantLauncher.
 */
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { Link } from 'react-router-dom';
import { ASSISTANT_LIMITS, ASSISTANT_SUGGESTIONS, ASSISTANT_TEXTS, askProblem, replyParts, replyView, typedLength, type ReplyView } from '@civicpulse/shared';
import { useLocalized } from '../../i18n';
import { localizeMessage } from '../../i18n/message';
import { TextAreaField } from '../form/Field';
import { ask } from './ask';

interface ChatMessage {
  id: number;
  from: 'user' | 'ai';
  text: string;
  /** The whole reply has arrived (a stream may still be adding to `text` until then). */
  final: boolean;
  /** The reply has been shown in full (typed out, or shown at once). */
  revealed: boolean;
  /** Shown as a notice rather than an answer: a failure or the server's refusal. */
  notice?: boolean;
  /** The answer's "Read more" link and suggested questions (drawn below its text once it is shown). */
  readMore?: ReplyView['readMore'];
  suggestions?: string[];
  /** Text shown below the suggestions (the contact line). */
  after?: string;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function useReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(REDUCED_MOTION);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/** A plain click on a link (not one opening a new tab or window). */
function plainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

const linkClass = 'font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900';

/** The first `shown` characters of a reply, its app paths as router links and web addresses as new-tab links. */
function ReplyText({ text, shown, onNavigate }: { text: string; shown: number; onNavigate: () => void }) {
  const t = useLocalized(ASSISTANT_TEXTS);
  const parts = useMemo(() => replyParts(text), [text]);
  const out = [];
  let left = shown;
  for (const [i, part] of parts.entries()) {
    if (left <= 0) break;
    const visible = part.text.slice(0, left);
    left -= part.text.length;
    if (part.kind === 'text') {
      out.push(visible);
    } else if (visible.length < part.text.length) {
      // A link still being typed looks like one but goes nowhere yet.
      out.push(
        <span key={i} className={linkClass}>
          {visible}
        </span>,
      );
    } else if (part.kind === 'path') {
      out.push(
        <Link key={i} to={part.text} className={linkClass} onClick={(event) => plainClick(event) && onNavigate()}>
          {part.text}
        </Link>,
      );
    } else {
      out.push(
        <a key={i} href={part.text} target="_blank" rel="noopener noreferrer" className={linkClass}>
          {part.text}
          <span className="sr-only"> {t.newTab}</span>
        </a>,
      );
    }
  }
  return <>{out}</>;
}

interface AiMessageProps {
  message: ChatMessage;
  animate: boolean;
  /** Another question may be sent now (no answer is on its way). */
  canAsk: boolean;
  onRevealed: (id: number) => void;
  onGrow: () => void;
  onNavigate: () => void;
  onAsk: (question: string) => void;
}

/**
 * An answer, typed out a character every 15 ms (spec 9) as its text arrives, for at most
 * ASSISTANT_LIMITS.typingMaxMs from its first character; then whatever is left (or arrives) is shown
 * at once.
 */
function AiMessage({ message, animate, canAsk, onRevealed, onGrow, onNavigate, onAsk }: AiMessageProps) {
  const { id, text, final, revealed } = message;
  const t = useLocalized(ASSISTANT_TEXTS);
  const [shown, setShown] = useState(0);
  const shownRef = useRef(0);
  const started = useRef<number | null>(null);

  useEffect(() => {
    const show = (n: number) => {
      if (n === shownRef.current) return;
      shownRef.current = n;
      setShown(n);
      onGrow();
    };
    if (revealed || !animate) {
      show(text.length);
      if (final && !revealed) onRevealed(id);
      return;
    }
    let frame = 0;
    const step = (now: number) => {
      started.current ??= now;
      const n = typedLength(now - started.current, text.length, { msPerChar: ASSISTANT_LIMITS.typingMsPerChar, maxMs: ASSISTANT_LIMITS.typingMaxMs });
      show(n);
      if (n < text.length) frame = requestAnimationFrame(step);
      else if (final) onRevealed(id);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [id, text, final, revealed, animate, onRevealed, onGrow]);

  const visible = revealed || !animate ? text.length : shown;
  const extras = revealed && (message.readMore || (message.suggestions?.length ?? 0) > 0 || message.after);
  return (
    <li className="flex justify-start" data-testid="ai-message" data-complete={revealed ? 'true' : 'false'}>
      <div
        className={`max-w-[85%] rounded-2xl rounded-bl-sm px-3.5 py-2.5 text-sm leading-6 break-words ${
          message.notice ? 'border border-amber-300 bg-amber-50 text-slate-900' : 'bg-slate-100 text-slate-900'
        }`}
      >
        <p className="whitespace-pre-wrap">
          <span className="sr-only">{t.fromAi} </span>
          <ReplyText text={text} shown={visible} onNavigate={onNavigate} />
        </p>
        {extras && message.suggestions && message.suggestions.length > 0 && (
          <ul className="mt-2 space-y-1.5" aria-label={t.tryAsking}>
            {message.suggestions.map((question) => (
              <li key={question}>
                <button
                  type="button"
                  disabled={!canAsk}
                  onClick={() => onAsk(question)}
                  className="w-full rounded-lg border border-brand-200 bg-white px-2.5 py-1.5 text-left text-sm font-medium text-brand-900 hover:border-brand-600 hover:bg-brand-50 disabled:opacity-60"
                >
                  {question}
                </button>
              </li>
            ))}
          </ul>
        )}
        {extras && message.after && (
          <p className="mt-2 whitespace-pre-wrap">
            <ReplyText text={message.after} shown={message.after.length} onNavigate={onNavigate} />
          </p>
        )}
        {extras && message.readMore && (
          <p className="mt-2">
            <Link
              to={message.readMore.path}
              className={linkClass}
              data-testid="assistant-read-more"
              onClick={(event) => plainClick(event) && onNavigate()}
            >
              {message.readMore.label}
            </Link>
          </p>
        )}
      </div>
    </li>
  );
}

export interface AssistantPanelProps {
  id: string;
  open: boolean;
  onClose: () => void;
  /** Called once the panel is on the page. */
  onReady: () => void;
}

export default function AssistantPanel({ id, open, onClose, onReady }: AssistantPanelProps) {
  const t = useLocalized(ASSISTANT_TEXTS);
  const suggestions = useLocalized(ASSISTANT_SUGGESTIONS);
  const titleId = useId();
  const inputId = useId();
  const problemId = useId();
  const reduceMotion = useReducedMotion();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [inFlight, setInFlight] = useState(false);
  const nextId = useRef(1);
  const input = useRef<HTMLTextAreaElement>(null);
  const list = useRef<HTMLDivElement>(null);

  useLayoutEffect(onReady, [onReady]);
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  const pending = inFlight || messages.some((m) => m.from === 'ai' && !m.revealed);
  const revealedCount = messages.filter((m) => m.revealed).length;

  // Spec 9: the newest message is scrolled into view 100 ms after it is added and after a reply is complete.
  useEffect(() => {
    if (messages.length === 0) return;
    const timer = window.setTimeout(() => {
      const node = list.current;
      node?.scrollTo({ top: node.scrollHeight, behavior: reduceMotion ? 'auto' : 'smooth' });
    }, ASSISTANT_LIMITS.scrollDelayMs);
    return () => window.clearTimeout(timer);
  }, [messages.length, revealedCount, reduceMotion]);

  /** While a reply is typed out, a reader at the bottom stays at the bottom. */
  const onGrow = useCallback(() => {
    const node = list.current;
    if (node && node.scrollHeight - node.scrollTop - node.clientHeight < 72) node.scrollTop = node.scrollHeight;
  }, []);

  const onRevealed = useCallback((messageId: number) => {
    setMessages((all) => all.map((m) => (m.id === messageId ? { ...m, revealed: true } : m)));
  }, []);

  // What a screen reader hears: the reply once it is complete (typed out character by character, it
  // would be announced piece by piece).
  const last = messages.at(-1);
  const announcement = last?.from === 'ai' && last.revealed ? last.text : '';

  const updateAi = (messageId: number, patch: Partial<ChatMessage>) =>
    setMessages((all) =>
      all.some((m) => m.id === messageId)
        ? all.map((m) => (m.id === messageId ? { ...m, ...patch } : m))
        : [...all, { id: messageId, from: 'ai', text: '', final: false, revealed: false, ...patch }],
    );

  /**
   * `asked` is what the conversation shows; `raw` what the server is asked. They differ only for a
   * suggestion in Hindi: the help the answers come from is matched in English (and Hinglish), so the
   * suggestion's English wording is sent.
   */
  const send = async (raw: string, asked = raw) => {
    if (pending) return;
    // Spec 5: an empty or whitespace-only question is not sent; a too long one says why.
    const why = askProblem(raw);
    if (why) {
      setProblem(raw.trim() ? localizeMessage(why, ASSISTANT_TEXTS) : null);
      return;
    }
    const question = raw.trim();
    setProblem(null);
    setDraft('');
    const userId = nextId.current++;
    const aiId = nextId.current++;
    setMessages((all) => [...all, { id: userId, from: 'user', text: asked.trim(), final: true, revealed: true }]);
    setInFlight(true);
    try {
      const outcome = await ask(question, (text) => updateAi(aiId, { text }));
      if (outcome.kind === 'answer') {
        // The "Read more" line and the suggestions are drawn as a link and buttons, not as text.
        const view = replyView(outcome.answer.reply, outcome.answer, t.readMore);
        updateAi(aiId, { text: view.text, final: true, readMore: view.readMore, suggestions: view.suggestions, after: view.after });
      }
      else updateAi(aiId, { text: outcome.message, final: true, revealed: true, notice: true });
    } catch {
      // Spec 8: any failure is an AI message '⚠️ Something went wrong.' (shown at once).
      updateAi(aiId, { text: t.failed, final: true, revealed: true, notice: true });
    } finally {
      setInFlight(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send(draft);
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter adds a line (and Enter that confirms an input method's text does neither).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send(draft);
    }
  };

  const onPanelKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };

  return (
    <section
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      hidden={!open}
      onKeyDown={onPanelKeyDown}
      className="fixed inset-x-2 top-[4.5rem] bottom-2 z-40 flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-slate-900/25 sm:inset-x-auto sm:top-auto sm:right-6 sm:bottom-6 sm:h-[min(38rem,calc(100dvh-6.5rem))] sm:w-[24rem]"
    >
      {/* A div, not <header>: inside role=dialog a header would count as a second page banner. */}
      <div className="flex items-center justify-between gap-3 bg-brand-800 px-4 py-3 text-white">
        <h2 id={titleId} className="text-base font-semibold">
          {t.button}
        </h2>
        <button
          type="button"
          aria-label={t.close}
          title={t.close}
          onClick={onClose}
          className="inline-flex h-9 w-9 items-center justify-center rounded-full text-white hover:bg-white/15"
        >
          <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
      </div>

      <div ref={list} role="region" aria-label={t.conversation} tabIndex={0} className="flex-1 space-y-3 overflow-y-auto px-4 py-4">
        {messages.length === 0 ? (
          <div>
            <p className="text-sm font-semibold text-slate-800">{t.tryAsking}</p>
            <ul className="mt-3 space-y-2">
              {ASSISTANT_SUGGESTIONS.map((english, i) => {
                const suggestion = suggestions[i] ?? english;
                return (
                  <li key={english}>
                    <button
                      type="button"
                      onClick={() => {
                        void send(english, suggestion);
                        input.current?.focus();
                      }}
                      className="w-full rounded-xl border border-brand-200 bg-brand-50 px-3 py-2 text-left text-sm font-medium text-brand-900 hover:border-brand-600 hover:bg-brand-100"
                    >
                      {suggestion}
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        ) : (
          <ol className="space-y-3">
            {messages.map((m) =>
              m.from === 'user' ? (
                <li key={m.id} className="flex justify-end" data-testid="user-message">
                  <div className="max-w-[85%] rounded-2xl rounded-br-sm bg-brand-700 px-3.5 py-2.5 text-sm leading-6 break-words whitespace-pre-wrap text-white">
                    <span className="sr-only">{t.fromYou} </span>
                    {m.text}
                  </div>
                </li>
              ) : (
                <AiMessage
                  key={m.id}
                  message={m}
                  animate={!reduceMotion}
                  canAsk={!pending}
                  onRevealed={onRevealed}
                  onGrow={onGrow}
                  onNavigate={onClose}
                  onAsk={(question) => {
                    void send(question);
                    input.current?.focus();
                  }}
                />
              ),
            )}
          </ol>
        )}
        {pending && (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <span className="inline-flex gap-1" aria-hidden="true">
              <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-brand-600" />
              <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-brand-600 [animation-delay:150ms]" />
              <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-brand-600 [animation-delay:300ms]" />
            </span>
            {t.typing}
          </p>
        )}
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>

      <form onSubmit={onSubmit} className="border-t border-slate-200 bg-white p-3" noValidate>
        <TextAreaField
          ref={input}
          id={inputId}
          label={t.messageLabel}
          hideLabel
          rows={2}
          value={draft}
          placeholder={t.placeholder}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            if (problem) setProblem(null);
          }}
          onKeyDown={onInputKeyDown}
          inputClassName="max-h-32 resize-none"
          after={
            problem && (
              <p id={problemId} className="mt-1 text-sm text-red-700">
                {problem}
              </p>
            )
          }
        />
        <div className="mt-2 flex justify-end">
          <button type="submit" className="btn-primary" disabled={pending}>
            {pending ? t.sending : t.send}
          </button>
        </div>
      </form>
    </section>
  );
}
