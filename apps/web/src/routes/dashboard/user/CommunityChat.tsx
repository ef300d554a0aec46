import { useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CHAT_LIMITS, CHAT_TEXTS, LIVE_UI, chatMessageProblem } from '@civicpulse/shared';
import { sendMessage } from '../../../api/chat';
import { ApiError } from '../../../api/client';
import { localized, useLocalized } from '../../../i18n';
import { ChatMessageItem } from '../../../components/chat/ChatMessageItem';
import { useChat } from '../../../components/chat/useChat';
import { TextAreaField } from '../../../components/form/Field';
import { usePageTitle } from '../../../components/usePageTitle';
import { useLiveStatus } from '../../../live/hooks';
import { useSession } from '../../../session/useSession';
import toast from '../../../toast';

/** Within this many pixels of the end the list counts as "at the newest" and follows new messages. */
const NEAR_END_PX = 48;
/** Within this many pixels of the top the next older page is fetched. */
const NEAR_TOP_PX = 80;
/** The message list's box: most of a phone's screen, capped on tall desktops. */
const LIST_BOX = 'h-[60vh] max-h-[40rem] min-h-72';

/** A refusal the user can act on (too long, too many at once) keeps the server's words; anything else is the spec's text. */
function sendFailure(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.serverMessage) return error.serverMessage;
  return localized(CHAT_TEXTS).failed;
}

/** /user/dashboard/communityChat (spec 2.14): citizens talk to each other live. */
export default function CommunityChat() {
  const texts = useLocalized(CHAT_TEXTS);
  const ui = useLocalized(LIVE_UI);
  usePageTitle(texts.heading);
  const session = useSession();
  const chat = useChat();
  const liveStatus = useLiveStatus();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [unseen, setUnseen] = useState(false);
  const inputId = useId();
  const list = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const atEnd = useRef(true);
  const shown = useRef<{ first?: string; last?: string; height: number }>({ height: 0 });

  const { messages } = chat;
  const first = messages[0]?._id;
  const last = messages[messages.length - 1];

  // Keep the view where the reader expects it: at the newest on opening and as messages arrive (unless
  // they scrolled up to read: then a "New messages" button), and still on the same message when an
  // older page is put above it.
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    const before = shown.current;
    if (before.last === undefined) {
      if (last) el.scrollTop = el.scrollHeight;
    } else if (first !== before.first && last?._id === before.last) {
      el.scrollTop += el.scrollHeight - before.height;
    } else if (last && last._id !== before.last) {
      if (atEnd.current || last.userId === session.id) {
        el.scrollTop = el.scrollHeight;
        setUnseen(false);
      } else {
        setUnseen(true);
      }
    }
    shown.current = { first, last: last?._id, height: el.scrollHeight };
  }, [first, last, session.id, chat.status]);

  const onScroll = () => {
    const el = list.current;
    if (!el) return;
    atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_END_PX;
    if (atEnd.current) setUnseen(false);
    if (el.scrollTop < NEAR_TOP_PX) chat.loadOlder();
  };

  const toNewest = () => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
    setUnseen(false);
  };

  const blank = chatMessageProblem(text, texts) === texts.empty;

  const submit = async () => {
    if (sending) return;
    const problem = chatMessageProblem(text, texts);
    if (problem) {
      // Spec 5: an empty or whitespace-only message is simply not sent.
      if (problem !== texts.empty) toast.error(problem);
      return;
    }
    setSending(true);
    try {
      const answer = await sendMessage(text);
      chat.add(answer.data);
      setText('');
    } catch (error) {
      // The text stays in the box, to send again.
      toast.error(sendFailure(error));
    } finally {
      setSending(false);
      input.current?.focus();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter is a new line; Enter that ends an IME composition is the composition's.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };

  return (
    <section aria-labelledby="chat-title" className="flex min-w-0 flex-col">
      <h1 id="chat-title" className="text-2xl font-bold text-slate-900">
        {texts.heading}
      </h1>
      <p className="mt-2 max-w-2xl text-sm leading-6 text-slate-700">{ui.chatIntro}</p>

      <div className="card mt-6 flex min-w-0 flex-col overflow-hidden p-0 sm:p-0">
        {liveStatus === 'reconnecting' && (
          <p role="status" className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
            {ui.chatReconnecting}
          </p>
        )}
        <div className="relative">
          {chat.status === 'loading' ? (
            // The log appears with its history in it, so a screen reader does not read the whole history out.
            <div className={`${LIST_BOX} flex items-center justify-center`}>
              <p role="status" className="text-sm text-slate-600">
                {ui.chatLoading}
              </p>
            </div>
          ) : (
            <div
              ref={list}
              role="log"
              aria-label={texts.messageList}
              aria-busy={chat.loadingOlder}
              tabIndex={0}
              onScroll={onScroll}
              className={`${LIST_BOX} overflow-y-auto px-3 py-4 [overflow-anchor:none] sm:px-5`}
              data-testid="chat-log"
            >
              {chat.loadingOlder ? (
                <p className="pb-4 text-center text-xs text-slate-600">{texts.loadingOlder}</p>
              ) : chat.hasOlder ? (
                <p className="pb-4 text-center">
                  <button type="button" className="btn-ghost px-3 py-1.5 text-xs" onClick={chat.loadOlder}>
                    {ui.chatLoadOlder}
                  </button>
                </p>
              ) : chat.status === 'ready' && messages.length > 0 ? (
                <p className="pb-4 text-center text-xs text-slate-600">{texts.beginning}</p>
              ) : null}
              {chat.status === 'ready' && messages.length === 0 && (
                <p className="py-12 text-center text-sm text-slate-600">{texts.noMessages}</p>
              )}
              <ol className="space-y-4">
                {messages.map((message) => (
                  <ChatMessageItem key={message._id} message={message} own={message.userId === session.id} />
                ))}
              </ol>
            </div>
          )}
          {unseen && (
            <button
              type="button"
              className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-4 py-1.5 text-xs font-semibold text-white shadow-md hover:bg-brand-800"
              onClick={toNewest}
            >
              {texts.newMessages}
            </button>
          )}
        </div>

        <form onSubmit={onSubmit} className="flex items-end gap-2 border-t border-slate-200 bg-slate-50 p-3 sm:gap-3 sm:p-4">
          <TextAreaField
            ref={input}
            id={inputId}
            label={texts.messageLabel}
            hideLabel
            className="min-w-0 flex-1"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            readOnly={sending}
            rows={2}
            maxLength={CHAT_LIMITS.msgMaxChars}
            placeholder={texts.placeholder}
            inputClassName="max-h-40 min-h-[3rem] resize-y"
          />
          <button type="submit" className="btn-primary shrink-0" disabled={sending || blank}>
            {sending ? ui.chatSending : texts.send}
          </button>
        </form>
      </div>
    </section>
  );
}
