import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import toast from '../../../toast';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import {
  DEFAULT_PRIORITY,
  INDIAN_STATES,
  JURISDICTION_TEXTS,
  LIMITS,
  NAMES,
  POST_TEXTS,
  POST_UI,
  PRIORITIES,
  TEXTS,
  suggestCategory,
  validateCreatePost,
  type Category,
  type Priority,
} from '@civicpulse/shared';
import { ApiError, errorMessage } from '../../../api/client';
import { createPost, postKeys, type CreatePostInput } from '../../../api/posts';
import { newIdempotencyKey } from '../../../api/upload';
import { LocationPicker } from '../../../components/map/LocationPicker';
import { CategoryPicker } from '../../../components/posts/Category';
import { PhotoPicker, usePickedPhotos } from '../../../components/posts/PhotoPicker';
import { SimilarReports } from '../../../components/posts/SimilarReports';
import { createPostProblemField, localizeProblem, type PostField } from '../../../components/posts/postProblems';
import { DraftPrompt } from '../../../components/offline/DraftPrompt';
import { WaitingToSend } from '../../../components/offline/WaitingToSend';
import { FieldError, invalidProps, useFormProblem } from '../../../components/useFormProblem';
import { usePageTitle } from '../../../components/usePageTitle';
import { currentLanguage, useLocalized, useTranslation } from '../../../i18n';
import { toFile, toStoredPhoto, type Draft, type OutboxEntry } from '../../../offline/db';
import { deleteDraft, draftHasContent, loadDraft, saveDraft } from '../../../offline/drafts';
import { reportNetworkFailure, reportNetworkSuccess } from '../../../offline/network';
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
  type SendOutcome,
} from '../../../offline/outbox';
import { requestBackgroundSync } from '../../../offline/sync';
import { readStoredToken } from '../../../session/token';
import { useSession } from '../../../session/useSession';

interface FormState {
  caption: string;
  state: string;
  landmark: string;
  address: string;
  pincode: string;
  city: string;
  priority: Priority;
}

const EMPTY: FormState = { caption: '', state: '', landmark: '', address: '', pincode: '', city: '', priority: DEFAULT_PRIORITY };

type Point = { lat: number; lng: number };

/**
 * - loading: the stored draft is being read (nothing is saved over it yet);
 * - prompt: a draft from earlier is offered (Resume draft / Discard); typing is not saved meanwhile;
 * - editing: the form, saved as a draft as the user types;
 * - waiting: submitted, in the outbox until the server answers (the form is read-only).
 */
type Phase = 'loading' | 'prompt' | 'editing' | 'waiting';

/** How long after the last change the draft is written. */
const DRAFT_DELAY_MS = 400;

/** The caption as it was `delayMs` after the last keystroke. */
function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

const isPriority = (value: string): value is Priority => (PRIORITIES as readonly string[]).includes(value);

/** Create Civic Issue (spec 2.9), with the checks of spec 5 "Create post" in their order. */
export default function CreatePost() {
  const { t } = useTranslation('create');
  const ui = useLocalized(POST_UI);
  const names = useLocalized(NAMES);
  const jurisdiction = useLocalized(JURISDICTION_TEXTS);
  const postTexts = useLocalized(POST_TEXTS);
  const texts = useLocalized(TEXTS);
  usePageTitle(ui.createHeading);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const session = useSession();
  const account = session.id;
  const [form, setForm] = useState<FormState>(EMPTY);
  const problem = useFormProblem<PostField>();
  const { photos: images, add: addImages, remove: removeImage, clear: clearImages } = usePickedPhotos();
  const [point, setPoint] = useState<Point | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  // Issue 16: the category follows the caption as the user types, until they pick one themselves.
  const [pickedCategory, setPickedCategory] = useState<Category | null>(null);
  const category = pickedCategory ?? suggestCategory(form.caption);
  const debouncedCaption = useDebounced(form.caption.trim(), 400);

  // Issue 17: the draft, the outbox and what the form is doing with them.
  const [phase, setPhase] = useState<Phase>('loading');
  const [offered, setOffered] = useState<Draft | null>(null);
  const [draftSaved, setDraftSaved] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const [needsLogin, setNeedsLogin] = useState(false);
  /** The report's Idempotency-Key: made with the draft, kept with it, the same on every send. */
  const reportKey = useRef(newIdempotencyKey());
  /** The map opens again (on the restored point) when a draft is put back. */
  const [map, setMap] = useState<{ key: number; centre: Point | null }>({ key: 0, centre: null });
  /** Set once the report is sent: nothing may write the draft again. */
  const finished = useRef(false);
  const saving = useRef<Promise<void>>(Promise.resolve());
  const dirty = useRef(false);

  const ids = {
    caption: useId(),
    images: useId(),
    country: useId(),
    state: useId(),
    landmark: useId(),
    address: useId(),
    pincode: useId(),
    city: useId(),
    priority: useId(),
    map: useId(),
  };

  // ---- the draft ----

  /** The form as a draft, read from a ref so the page-hide save sees the last keystroke. */
  const snapshot: Omit<Draft, 'savedAt'> = {
    account,
    key: reportKey.current,
    caption: form.caption,
    priority: form.priority,
    category: pickedCategory,
    state: form.state,
    landmark: form.landmark,
    address: form.address,
    pincode: form.pincode,
    city: form.city,
    point,
    photos: images.map((image) => toStoredPhoto(image.file)),
  };
  const current = useRef(snapshot);
  useLayoutEffect(() => {
    current.current = snapshot;
  });

  /** Writes the draft now (one write at a time, in order); an empty form deletes it. */
  const writeDraft = useCallback((): Promise<void> => {
    dirty.current = false;
    const draft = current.current;
    saving.current = saving.current
      .then(async () => {
        if (finished.current || !draft.account) return;
        if (draftHasContent(draft)) {
          await saveDraft({ ...draft, savedAt: Date.now() });
          setDraftSaved(true);
        } else {
          await deleteDraft(draft.account, draft.key);
        }
      })
      .catch(() => undefined); // no IndexedDB (a private window in some browsers): the form still works
    return saving.current;
  }, []);

  // Saved as the user types (debounced), while the form is being edited.
  useEffect(() => {
    if (phase !== 'editing' || finished.current) return;
    dirty.current = true;
    const timer = setTimeout(() => void writeDraft(), DRAFT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [form, images, point, pickedCategory, phase, writeDraft]);

  // A tab closed or put away right after a keystroke still keeps it.
  useEffect(() => {
    const flush = () => {
      if (dirty.current && phase === 'editing') void writeDraft();
    };
    const onVisibility = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [phase, writeDraft]);

  /** Puts a stored draft back into the form, photos and map point included. */
  const restore = useCallback(
    (draft: Draft) => {
      reportKey.current = draft.key;
      setForm({
        caption: draft.caption,
        state: draft.state,
        landmark: draft.landmark,
        address: draft.address,
        pincode: draft.pincode,
        city: draft.city,
        priority: isPriority(draft.priority) ? draft.priority : DEFAULT_PRIORITY,
      });
      setPickedCategory((draft.category as Category | null) ?? null);
      setPoint(draft.point);
      clearImages();
      addImages(draft.photos.map(toFile));
      setMap((m) => ({ key: m.key + 1, centre: draft.point }));
    },
    [addImages, clearImages],
  );

  /** Shows a refusal the server gave a queued send, next to its field when it names one. */
  const showRefusal = useCallback(
    (message: string) => {
      const field = createPostProblemField(message);
      problem.report(localizeProblem(message), field ? [field] : []);
    },
    // localizeProblem reads the current language; problem.report is stable.
    [problem.report, texts],
  );

  // On arrival: a report still in the outbox shows as waiting; one the server refused comes back with
  // its message; any other draft is offered (Resume draft / Discard).
  useEffect(() => {
    if (!account) return;
    let cancelled = false;
    void (async () => {
      try {
        const draft = await loadDraft(account);
        if (cancelled) return;
        if (!draft) {
          setPhase('editing');
          return;
        }
        if (await isQueued(draft.key)) {
          restore(draft);
          setPhase('waiting');
          return;
        }
        if (draft.problem) {
          restore(draft);
          setPhase('editing');
          showRefusal(draft.problem);
          await saveDraft({ ...draft, problem: undefined });
          return;
        }
        if (!draftHasContent(draft)) {
          setPhase('editing');
          return;
        }
        setOffered(draft);
        setPhase('prompt');
      } catch {
        if (!cancelled) setPhase('editing');
      }
    })();
    return () => {
      cancelled = true;
    };
    // Once per account: restore and showRefusal change with the language, the stored draft does not.
  }, [account]);

  const resume = () => {
    if (offered) restore(offered);
    setOffered(null);
    setPhase('editing');
  };

  const discard = () => {
    const draft = offered;
    setOffered(null);
    reportKey.current = newIdempotencyKey();
    setPhase('editing');
    if (draft) void deleteDraft(draft.account, draft.key).catch(() => undefined);
    toast.show(t('draft.discarded'));
  };

  // ---- the outbox ----

  /** The report went through (here, in another tab, or from the service worker): to its page. */
  const done = useCallback(
    async (postId: string) => {
      finished.current = true;
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
      if (postId) await navigate(`/post/${postId}`);
    },
    [navigate, queryClient],
  );

  // What another tab or the service worker did with this report.
  useEffect(
    () =>
      onOutboxEvent((event) => {
        if (event.key !== reportKey.current) return;
        if (event.type === 'sent') {
          void done(event.postId);
        } else if (event.type === 'rejected') {
          setPhase('editing');
          showRefusal(event.message || texts.errors.createPost);
        }
      }),
    [done, showRefusal, texts],
  );

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
      await flushOutbox((id) => (token && tokenClaims(token)?.id === id ? token : null));
      // Still queued: the connection is not back yet.
      if (!(await isQueued(reportKey.current))) return;
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

  // ---- the form ----

  const set = (key: keyof FormState) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    setForm((f) => ({ ...f, [key]: event.target.value }));
    if (key !== 'priority' && key !== 'city') problem.fix(key);
  };
  const pickPoint = (next: Point) => {
    if (phase === 'waiting') return;
    setPoint(next);
    problem.fix('map');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || phase === 'waiting') return;
    const location = {
      state: form.state,
      landmark: form.landmark,
      address: form.address,
      pincode: form.pincode,
      city: form.city,
      coordinates: point,
    };
    const message = validateCreatePost({ caption: form.caption, imageCount: images.length, location });
    if (message) {
      const field = createPostProblemField(message);
      problem.report(localizeProblem(message), field ? [field] : []);
      return;
    }
    problem.clear();
    setBusy(true);
    setProgress(0);

    const input: CreatePostInput = {
      caption: form.caption.trim(),
      priority: form.priority,
      category,
      location: {
        state: form.state,
        landmark: form.landmark.trim(),
        address: form.address.trim(),
        pincode: form.pincode.trim(),
        ...(form.city.trim() ? { city: form.city.trim() } : {}),
        coordinates: point,
      },
      images: images.map((image) => image.file),
    };
    const key = reportKey.current;
    const token = readStoredToken();
    const entry: OutboxEntry | null =
      account && token
        ? {
            key,
            account,
            token,
            language: currentLanguage(),
            report: { caption: input.caption, priority: input.priority, category: input.category, location: input.location },
            photos: images.map((image) => toStoredPhoto(image.file)),
            queuedAt: Date.now(),
            attempts: 0,
          }
        : null;

    // Into the outbox before anything is sent: from here on the report survives a closed tab.
    let queued = false;
    if (entry) {
      try {
        await writeDraft();
        await queueReport(entry);
        queued = true;
      } catch {
        queued = false; // no IndexedDB: send as before, without the safety net
      }
    }

    const send = async (): Promise<SendOutcome> => {
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
      outcome = queued ? await withOutboxLock(async () => ((await isQueued(key)) ? send() : null)) : await send();
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
        const field = createPostProblemField(outcome.message);
        problem.report(outcome.message, field ? [field] : []);
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
        if (!outcome.message) reportNetworkFailure();
        else toast.error(outcome.message);
        setPhase('waiting');
        void requestBackgroundSync();
        return;
      }
    }
  };

  const waiting = phase === 'waiting';
  const locked = busy || waiting;

  return (
    <section aria-labelledby="screen-title" className="max-w-3xl">
      <h1 id="screen-title" className="text-2xl font-bold text-slate-900">
        {ui.createHeading}
      </h1>
      <p className="mt-1 text-sm text-slate-700">{ui.createIntro}</p>

      {phase === 'prompt' && offered && <DraftPrompt savedAt={offered.savedAt} onResume={resume} onDiscard={discard} />}

      <form ref={problem.formRef} className="card mt-6 space-y-5 p-4 sm:p-6" onSubmit={(e) => void submit(e)} noValidate>
        {waiting && (
          <WaitingToSend needsLogin={needsLogin} retrying={retrying} onRetry={() => void retryNow()} onEdit={() => void editAgain()} />
        )}
        <fieldset disabled={waiting} className="min-w-0 space-y-5">
          <div>
            <label htmlFor={ids.caption} className="field-label">
              {ui.caption}
            </label>
            <textarea
              id={ids.caption}
              className="field-input min-h-24 resize-y"
              rows={3}
              maxLength={LIMITS.commentMaxChars}
              placeholder={ui.captionPlaceholder}
              value={form.caption}
              onChange={set('caption')}
              {...invalidProps(problem.field('caption'))}
            />
            <FieldError problem={problem.field('caption')} />
            <SimilarReports point={point} caption={debouncedCaption} />
          </div>

          <CategoryPicker
            value={category}
            onChange={setPickedCategory}
            suggested={pickedCategory === null && form.caption.trim() !== ''}
            disabled={locked}
          />

          <PhotoPicker
            id={ids.images}
            label={ui.images}
            hint={ui.imagesHint}
            photos={images}
            problem={problem.field('images')}
            onAdd={(files) => {
              addImages(files);
              problem.fix('images');
            }}
            onRemove={removeImage}
            onReject={(message) => toast.error(message)}
            disabled={locked}
            testId="create-previews"
          />

          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={ids.country} className="field-label">
                {ui.country}
              </label>
              <input id={ids.country} className="field-input bg-slate-100" value={t('form.country')} disabled readOnly />
            </div>
            <div>
              <label htmlFor={ids.state} className="field-label">
                {ui.state}
              </label>
              <select
                id={ids.state}
                className="field-input"
                value={form.state}
                onChange={set('state')}
                {...invalidProps(problem.field('state'))}
              >
                <option value="">{ui.selectState}</option>
                {INDIAN_STATES.map((state) => (
                  <option key={state} value={state}>
                    {names.states[state]}
                  </option>
                ))}
              </select>
              <FieldError problem={problem.field('state')} />
            </div>
            <div className="sm:col-span-2">
              <label htmlFor={ids.landmark} className="field-label">
                {ui.landmark}
              </label>
              <input
                id={ids.landmark}
                className="field-input"
                value={form.landmark}
                onChange={set('landmark')}
                {...invalidProps(problem.field('landmark'))}
              />
              <FieldError problem={problem.field('landmark')} />
            </div>
            <div className="sm:col-span-2">
              <label htmlFor={ids.address} className="field-label">
                {ui.address}
              </label>
              <input
                id={ids.address}
                className="field-input"
                value={form.address}
                onChange={set('address')}
                {...invalidProps(problem.field('address'))}
              />
              <FieldError problem={problem.field('address')} />
            </div>
            <div>
              <label htmlFor={ids.city} className="field-label">
                {jurisdiction.reportCity}
              </label>
              <input
                id={ids.city}
                className="field-input"
                autoComplete="address-level2"
                maxLength={LIMITS.cityMaxChars}
                value={form.city}
                onChange={set('city')}
              />
            </div>
            <div>
              <label htmlFor={ids.pincode} className="field-label">
                {ui.pincode}
              </label>
              <input
                id={ids.pincode}
                className="field-input"
                inputMode="numeric"
                autoComplete="postal-code"
                value={form.pincode}
                onChange={set('pincode')}
                {...invalidProps(problem.field('pincode'))}
              />
              <FieldError problem={problem.field('pincode')} />
            </div>
            <div>
              <label htmlFor={ids.priority} className="field-label">
                {ui.priority}
              </label>
              <select id={ids.priority} className="field-input" value={form.priority} onChange={set('priority')}>
                {PRIORITIES.map((priority) => (
                  <option key={priority} value={priority}>
                    {names.priorities[priority]}
                  </option>
                ))}
              </select>
            </div>
          </div>

          <fieldset>
            <legend className="field-label" id={ids.map}>
              {ui.pickLocation}
            </legend>
            <p className="mb-2 text-xs text-slate-600">{ui.pickHint}</p>
            <LocationPicker
              key={map.key}
              value={point}
              onChange={pickPoint}
              fieldProblem={problem.field('map')}
              // A restored draft opens on its own point and does not locate the reporter over it.
              autoLocate={map.centre === null}
              initialCenter={map.centre}
            />
          </fieldset>
        </fieldset>

        {!waiting && (
          <div>
            <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
              {busy ? ui.submitting : ui.submit}
            </button>
            {draftSaved && !busy && <p className="mt-2 text-xs text-slate-600">{t('draft.savedNote')}</p>}
            <div className={`mt-3 ${busy ? '' : 'invisible'}`} aria-hidden={!busy}>
              <div
                role="progressbar"
                aria-label={ui.uploading(progress)}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress}
                className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
              >
                <div className="h-full bg-brand-700 transition-[width] duration-150" style={{ width: `${progress}%` }} />
              </div>
              <p className="mt-1 text-xs text-slate-700">{ui.uploading(progress)}</p>
            </div>
          </div>
        )}
      </form>
    </section>
  );
}
