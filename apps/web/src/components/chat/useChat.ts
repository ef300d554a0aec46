/**
 * Community Chat's messages on screen (spec 2.14): the newest page of history (the API answers newest
 * first; kept here oldest first, as shown), older pages on demand, live messages merged in once each
 * (a message can come both as the POST's answer and as `receive_message`), and a catch-up on every
 * connection of the live link so nothing sent while it was down goes missing.
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { CHAT_LIMITS, type ChatMessage } from '@civicpulse/shared';
import { fetchMessages } from '../../api/chat';
import { useLiveConnect, useLiveEvent } from '../../live/hooks';

export interface ChatState {
  /** Oldest first, each message once. */
  messages: ChatMessage[];
  status: 'loading' | 'ready' | 'error';
  hasOlder: boolean;
  loadingOlder: boolean;
}

type Action =
  | { type: 'loaded'; page: ChatMessage[] }
  | { type: 'failed' }
  | { type: 'olderStart' }
  | { type: 'older'; page: ChatMessage[]; more: boolean }
  | { type: 'olderFailed' }
  | { type: 'add'; messages: ChatMessage[] }
  | { type: 'reset'; page: ChatMessage[] };

const PAGE = CHAT_LIMITS.pageDefault;

/** Ids sort in the order the server stored the messages (its pages are cut by id too). */
function byId(a: ChatMessage, b: ChatMessage): number {
  return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
}

export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current;
  const known = new Set(current.map((m) => m._id));
  const fresh = incoming.filter((m) => !known.has(m._id));
  if (fresh.length === 0) return current;
  const last = current[current.length - 1];
  const sortedFresh = [...new Map(fresh.map((m) => [m._id, m])).values()].sort(byId);
  // The usual case, new messages after the newest shown, needs no full sort.
  if (!last || byId(sortedFresh[0]!, last) > 0) return [...current, ...sortedFresh];
  return [...current, ...sortedFresh].sort(byId);
}

function reducer(state: ChatState, action: Action): ChatState {
  switch (action.type) {
    case 'loaded':
      return { ...state, status: 'ready', messages: mergeMessages(state.messages, action.page), hasOlder: action.page.length >= PAGE };
    case 'failed':
      return { ...state, status: 'error' };
    case 'olderStart':
      return { ...state, loadingOlder: true };
    case 'older':
      return { ...state, loadingOlder: false, hasOlder: action.more, messages: mergeMessages(state.messages, action.page) };
    case 'olderFailed':
      return { ...state, loadingOlder: false };
    case 'add':
      return { ...state, messages: mergeMessages(state.messages, action.messages) };
    case 'reset':
      return { status: 'ready', loadingOlder: false, messages: mergeMessages([], action.page), hasOlder: action.page.length >= PAGE };
  }
}

const INITIAL: ChatState = { messages: [], status: 'loading', hasOlder: false, loadingOlder: false };

export function useChat() {
  const [state, dispatch] = useReducer(reducer, INITIAL);
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  }, [state]);

  useEffect(() => {
    const controller = new AbortController();
    fetchMessages({ limit: PAGE }, controller.signal).then(
      (page) => dispatch({ type: 'loaded', page }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // Spec 8: a chat history load failure is console only.
        console.error('Failed to load chat history', error);
        dispatch({ type: 'failed' });
      },
    );
    return () => controller.abort();
  }, []);

  useLiveEvent('receive_message', (message) => dispatch({ type: 'add', messages: [message] }));

  // Every connection, the first included: the history may have been read before the live link was up.
  useLiveConnect(() => {
    void (async () => {
      const { status, messages } = latest.current;
      if (status !== 'ready') return;
      let after = messages[messages.length - 1]?._id;
      try {
        if (!after) {
          dispatch({ type: 'add', messages: await fetchMessages({ limit: PAGE }) });
          return;
        }
        // `after` pages forward, the oldest missed first; after a long outage start again from the newest.
        for (let round = 0; round < 5; round++) {
          const page = await fetchMessages({ after, limit: CHAT_LIMITS.pageMax });
          dispatch({ type: 'add', messages: page });
          if (page.length < CHAT_LIMITS.pageMax) return;
          after = page[0]!._id;
        }
        dispatch({ type: 'reset', page: await fetchMessages({ limit: PAGE }) });
      } catch (error) {
        console.warn('Chat catch-up failed', error);
      }
    })();
  });

  const loadOlder = useCallback(() => {
    const { status, messages, hasOlder, loadingOlder } = latest.current;
    const oldest = messages[0]?._id;
    if (status !== 'ready' || !hasOlder || loadingOlder || !oldest) return;
    // Marked at once, so a burst of scroll events asks for one page.
    latest.current = { ...latest.current, loadingOlder: true };
    dispatch({ type: 'olderStart' });
    fetchMessages({ before: oldest, limit: PAGE }).then(
      (page) => dispatch({ type: 'older', page, more: page.length >= PAGE }),
      (error: unknown) => {
        console.error('Failed to load older chat messages', error);
        dispatch({ type: 'olderFailed' });
      },
    );
  }, []);

  const add = useCallback((message: ChatMessage) => dispatch({ type: 'add', messages: [message] }), []);

  return { ...state, loadOlder, add };
}
