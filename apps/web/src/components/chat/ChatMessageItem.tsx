import { CHAT_TEXTS, POST_UI, type ChatMessage } from '@civicpulse/shared';
import { useLocalized } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { Avatar } from '../Avatar';
import { FlagButton } from '../moderation/FlagButton';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * One chat message (spec 2.14): avatar (photo or initials), the sender ('You' for one's own, on the
 * right), the text with its line breaks (always text, never HTML) and the local date and time.
 */
export function ChatMessageItem({ message, own }: { message: ChatMessage; own: boolean }) {
  const texts = useLocalized(CHAT_TEXTS);
  const postUi = useLocalized(POST_UI);
  const format = useFormat();
  const sent = new Date(message.createdAt);
  const when = Number.isNaN(sent.getTime()) ? '' : format.date(sent, DATE_TIME);
  const name = own ? texts.you : message.user || postUi.unknownAuthor;
  return (
    <li className={`flex items-end gap-2 ${own ? 'flex-row-reverse' : ''}`} data-testid="chat-message" data-own={own ? 'true' : 'false'}>
      <Avatar name={message.user || postUi.unknownAuthor} photo={message.profilePic} size="h-8 w-8 shrink-0" />
      <div className={`flex max-w-[80%] min-w-0 flex-col ${own ? 'items-end' : 'items-start'}`}>
        <p className={`flex flex-wrap items-baseline gap-x-2 px-1 text-xs text-slate-600 ${own ? 'justify-end' : ''}`}>
          <span className="font-semibold text-slate-800" data-testid="chat-sender">
            {name}
          </span>
          <time dateTime={message.createdAt}>{when}</time>
          {!own && <FlagButton kind="chat" id={message._id} label={name} className="-my-1" />}
        </p>
        <p
          className={`mt-1 rounded-2xl px-3 py-2 text-sm leading-6 whitespace-pre-wrap wrap-anywhere ${
            own ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm bg-slate-100 text-slate-900'
          }`}
          data-testid="chat-text"
        >
          {message.msg}
        </p>
      </div>
    </li>
  );
}
