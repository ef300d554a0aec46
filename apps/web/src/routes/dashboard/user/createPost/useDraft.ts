import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { DEFAULT_PRIORITY, PRIORITIES, type Category, type Priority } from '@civicpulse/shared';
import toast from '../../../../toast';
import { newIdempotencyKey } from '../../../../api/upload';
import type { PickedPhoto } from '../../../../components/posts/PhotoPicker';
import { useTranslation } from '../../../../i18n';
import { toStoredPhoto, type Draft } from '../../../../offline/db';
import { deleteDraft, draftHasContent, loadDraft, saveDraft } from '../../../../offline/drafts';
import { isQueued } from '../../../../offline/outbox';

/** The text fields of Create Civic Issue. */
export interface FormState {
  caption: string;
  state: string;
  landmark: string;
  address: string;
  pincode: string;
  city: string;
  priority: Priority;
}

export const EMPTY: FormState = { caption: '', state: '', landmark: '', address: '', pincode: '', city: '', priority: DEFAULT_PRIORITY };

export type Point = { lat: number; lng: number };

/**
 * - loading: the stored draft is being read (nothing is saved over it yet);
 * - prompt: a draft from earlier is offered (Resume draft / Discard); typing is not saved meanwhile;
 * - editing: the form, saved as a draft as the user types;
 * - waiting: submitted, in the outbox until the server answers (the form is read-only).
 */
export type Phase = 'loading' | 'prompt' | 'editing' | 'waiting';

/** How long after the last change the draft is written. */
const DRAFT_DELAY_MS = 400;

const isPriority = (value: string): value is Priority => (PRIORITIES as readonly string[]).includes(value);

/** A stored draft's text fields, as the form holds them. */
export function formOfDraft(draft: Draft): FormState {
  return {
    caption: draft.caption,
    state: draft.state,
    landmark: draft.landmark,
    address: draft.address,
    pincode: draft.pincode,
    city: draft.city,
    priority: isPriority(draft.priority) ? draft.priority : DEFAULT_PRIORITY,
  };
}

interface DraftInput {
  account: string;
  form: FormState;
  /** The category the user picked (null while it follows the caption). */
  category: Category | null;
  /** Anonymous reports: "Hide my name on this report" ticked. */
  anonymous?: boolean;
  point: Point | null;
  images: PickedPhoto[];
  /** Puts a stored draft's content (text, category, point, photos) back into the form. */
  onRestore: (draft: Draft) => void;
  /** Shows a refusal the server gave a queued send. */
  showRefusal: (message: string) => void;
}

/**
 * Create Civic Issue's draft (spec: offline reporting): read on arrival (a report still queued shows as
 * waiting, a refused one comes back with its message, any other draft is offered), written as the user
 * types (debounced) and when the tab is put away, deleted once the report is sent. Also owns the report's
 * Idempotency-Key, made with the draft and kept with it.
 */
export function useDraft({ account, form, category, anonymous = false, point, images, onRestore, showRefusal }: DraftInput) {
  const { t } = useTranslation('create');
  const [phase, setPhase] = useState<Phase>('loading');
  const [offered, setOffered] = useState<Draft | null>(null);
  const [saved, setSaved] = useState(false);
  /** The report's Idempotency-Key: made with the draft, kept with it, the same on every send. */
  const reportKey = useRef(newIdempotencyKey());
  /** The map opens again (on the restored point) when a draft is put back. */
  const [map, setMap] = useState<{ key: number; centre: Point | null }>({ key: 0, centre: null });
  /** Set once the report is sent: nothing may write the draft again. */
  const finished = useRef(false);
  const saving = useRef<Promise<void>>(Promise.resolve());
  const dirty = useRef(false);

  /** The form as a draft, read from a ref so the page-hide save sees the last keystroke. */
  const snapshot: Omit<Draft, 'savedAt'> = {
    account,
    key: reportKey.current,
    caption: form.caption,
    priority: form.priority,
    anonymous,
    category,
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

  /**
   * Writes the draft now; an empty form deletes it. The write goes to IndexedDB at once, not behind the
   * previous one: readwrite transactions on one store already run in the order they are created, and a
   * write started on `pagehide` must be created before the page goes, not after an earlier save ends.
   * The returned promise settles when this write (and so every earlier one) has.
   */
  const write = useCallback((): Promise<void> => {
    dirty.current = false;
    const draft = current.current;
    if (finished.current || !draft.account) return saving.current;
    const op = draftHasContent(draft)
      ? saveDraft({ ...draft, savedAt: Date.now() }).then(() => setSaved(true))
      : deleteDraft(draft.account, draft.key);
    // No IndexedDB (a private window in some browsers): the form still works.
    saving.current = op.catch(() => undefined);
    return saving.current;
  }, []);

  // Saved as the user types (debounced), while the form is being edited.
  useEffect(() => {
    if (phase !== 'editing' || finished.current) return;
    dirty.current = true;
    const timer = setTimeout(() => void write(), DRAFT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [form, images, point, category, phase, write]);

  // A tab closed or put away right after a keystroke still keeps it.
  useEffect(() => {
    const flush = () => {
      if (dirty.current && phase === 'editing') void write();
    };
    const onVisibility = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [phase, write]);

  /** Puts a stored draft back into the form, photos and map point included. */
  const restore = (draft: Draft) => {
    reportKey.current = draft.key;
    onRestore(draft);
    setMap((m) => ({ key: m.key + 1, centre: draft.point }));
  };

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

  return { phase, setPhase, offered, saved, reportKey, map, finished, write, resume, discard };
}
