import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { CREATE_POST_UI, POST_TEXTS, TEXTS } from '@civicpulse/shared';
import toast from '../../../../toast';
import { ApiError, errorMessage } from '../../../../api/client';
import { postKeys, type CreatePostInput } from '../../../../api/posts';
import { createPost } from '../../../../api/createPost';
import { currentLanguage, useLocalized } from '../../../../i18n';
import { toStoredPhoto, type OutboxEntry } from '../../../../offline/db';
import { deleteDraft, loadDraft } from '../../../../offline/drafts';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../../offline/network';
import {
  flushOutbox,
  isQueued,
  onOutboxEvent,
  outcomeOfStatus,
  queueReport,
  queuedFor,
  settle,
  tokenClaims,
  unqueueReport,
  withOutboxLock,
  type OutboxEvent,
  type SendOutcome,
} from '../../../../offline/outbox';
import { requestBackgroundSync } from '../../../../offline/sync';
import { readStoredToken } from '../../../../session/token';
import type { Phase } from './useDraft';

interface OutboxInput {
  account: string;
  /** The draft's state and key (useDraft). */
  draft: {
    phase: Phase;
    setPhase: (phase: Phase) => void;
    reportKey: RefObject<string>;
    finished: RefObject<boolean>;
    write: () => Promise<void>;
  };
  /**
   * Shows the server's refusal of the report, next to its field when it names one; `localize` false for
   * an answer this page received itself (already in the reader's language).
   */
  showRefusal: (message: string, localize?: boolean) => void;
}

/**
 * Sending Create Civic Issue's report through the outbox (the offline queue): the report is queued before
 * it is sent, so it survives a closed tab; sent under the outbox's lock; and, when there is no answer,
 * left waiting for the connection (Retry now / Edit report) while another tab or the service worker may
 * send it. A sent report opens its page.
 */
export function useOutbox({ account, draft, showRefusal }: OutboxInput) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const texts = useLocalized(TEXTS);
  const postTexts = useLocalized(POST_TEXTS);
  const createUi = useLocalized(CREATE_POST_UI);
  const { phase, setPhase, reportKey, finished } = draft;
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  const [retrying, setRetrying] = useState(false);
  const [needsLogin, setNeedsLogin] = useState(false);

  /**
   * The report went through (here, in another tab, or from the service worker): to its page; to My
   * Issues when the answer named no post (an answer that could not be read), never left on the form.
   */
  const left = useRef(false);
  const done = useCallback(
    async (postId: string) => {
      // Once: the page's own answer, its flush and the 'sent' event may all tell of the same report.
      if (left.current) return;
      left.current = true;
      finished.current = true;
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
      await navigate(postId ? `/post/${postId}` : '/user/dashboard/userPosts');
    },
    [navigate, queryClient, finished],
  );

  // What another tab or the service worker did with this report. Subscribed once for the page's life
  // (the handlers are read through a ref): a channel closed and opened again on a re-render would drop
  // an event that arrived in between, and the page would wait for a report already sent.
  const onEvent = useRef<(event: OutboxEvent) => void>(() => undefined);
  useEffect(() => {
    onEvent.current = (event) => {
      if (event.key !== reportKey.current) return;
      if (event.type === 'sent') {
        void done(event.postId);
      } else if (event.type === 'rejected') {
        setPhase('editing');
        showRefusal(event.message || texts.errors.createPost);
      }
    };
  });
  useEffect(() => onOutboxEvent((event) => onEvent.current(event)), []);

  // While waiting: is the account's token still good enough to send it?
  useEffect(() => {
    if (phase !== 'waiting') return;
    const token = readStoredToken();
    const claims = token ? tokenClaims(token) : null;
    setNeedsLogin(!claims || (claims.exp > 0 && claims.exp * 1000 <= Date.now()));
  }, [phase]);

  const retryNow = async () => {
    setRetrying(true);
    try {
      const token = readStoredToken();
      const { sentPosts } = await flushOutbox((id) => (token && tokenClaims(token)?.id === id ? token : null));
      // Sent by this flush: to its page now (the 'sent' event says the same; done() goes once).
      const postId = sentPosts[reportKey.current];
      if (postId !== undefined) {
        reportNetworkSuccess();
        await done(postId);
        return;
      }
      // Gone from the outbox without this page hearing of it: refused or taken back elsewhere (its draft,
      // with the server's message, holds it again), else sent elsewhere.
      if (!(await isQueued(reportKey.current))) {
        const draftNow = await loadDraft(account);
        if (draftNow?.key === reportKey.current) {
          setPhase('editing');
          if (draftNow.problem) showRefusal(draftNow.problem);
        } else await done('');
        return;
      }
      // Still queued: the connection is not back yet.
      const [entry] = (await queuedFor(account)).filter((e) => e.key === reportKey.current);
      if (entry?.lastError) toast.error(entry.lastError);
    } catch {
      // IndexedDB gone: nothing to send from
    } finally {
      setRetrying(false);
    }
  };

  const editAgain = async () => {
    await unqueueReport(reportKey.current).catch(() => undefined);
    setPhase('editing');
  };

  /** Queues the checked report, sends it and acts on the answer. */
  const send = async (input: CreatePostInput) => {
    setBusy(true);
    setProgress(0);
    const key = reportKey.current;
    const token = readStoredToken();
    const entry: OutboxEntry | null =
      account && token
        ? {
            key,
            account,
            token,
            language: currentLanguage(),
            report: { caption: input.caption, priority: input.priority, category: input.category, ...(input.anonymous ? { anonymous: true } : {}), location: input.location },
            photos: input.images.map(toStoredPhoto),
            queuedAt: Date.now(),
            attempts: 0,
          }
        : null;

    // Into the outbox before anything is sent: from here on the report survives a closed tab.
    let queued = false;
    if (entry) {
      try {
        await draft.write();
        await queueReport(entry);
        queued = true;
      } catch {
        queued = false; // no IndexedDB: send as before, without the safety net
      }
    }

    const attempt = async (): Promise<SendOutcome> => {
      try {
        const answer = await createPost(input, (p) => setProgress(p.percent), key);
        return { kind: 'sent', postId: answer.post._id, message: answer.message };
      } catch (error) {
        // Status 0: no answer at all (offline, the connection dropped mid-upload).
        if (error instanceof ApiError) return error.status === 0 ? { kind: 'retry', message: '' } : outcomeOfStatus(error.status, errorMessage(error, texts.errors.createPost));
        throw error;
      }
    };

    let outcome: SendOutcome | null;
    try {
      // Under the outbox's lock, so a sync from another tab or the worker never sends it alongside.
      outcome = queued ? await withOutboxLock(async () => ((await isQueued(key)) ? attempt() : null)) : await attempt();
    } catch {
      outcome = { kind: 'retry', message: '' };
    }
    setBusy(false);
    // Someone else sent it while this page waited for the lock: their 'sent' event brings us to the post.
    if (!outcome) return;

    switch (outcome.kind) {
      case 'sent': {
        reportNetworkSuccess();
        finished.current = true;
        if (entry && queued) await settle(entry, outcome, true).catch(() => undefined);
        else await deleteDraft(account, key).catch(() => undefined);
        toast.success(outcome.message || postTexts.created);
        await done(outcome.postId);
        return;
      }
      case 'rejected': {
        if (queued) await unqueueReport(key).catch(() => undefined);
        showRefusal(outcome.message, false);
        return;
      }
      case 'unauthorized':
        // The session has ended (uploadForm → notifyUnauthorized: toast and the login page). The report
        // stays queued and goes once the account signs in again.
        if (entry && queued) await settle(entry, outcome).catch(() => undefined);
        return;
      case 'retry': {
        if (!queued || !entry) {
          toast.error(outcome.message || texts.errors.networkUnavailable);
          return;
        }
        await settle(entry, outcome).catch(() => undefined);
        if (!outcome.message) {
          reportNetworkFailure();
          // Issue 30: on a phone the Submit button goes and the notice is above the fold; say it here too,
          // at the bottom, where it does not cover the notice scrolled to the top (WaitingToSend).
          toast.show(createUi.savedOffline, { position: 'bottom-center' });
        } else toast.error(outcome.message);
        setPhase('waiting');
        void requestBackgroundSync();
        return;
      }
    }
  };

  return { busy, progress, retrying, needsLogin, retryNow, editAgain, send };
}
