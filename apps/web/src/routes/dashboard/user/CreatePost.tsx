import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import toast from '../../../toast';
import { ANONYMITY_TEXTS, CREATE_POST_UI, JURISDICTION_TEXTS, LIMITS, POST_UI, TEXTS, suggestCategory, validateCreatePost, type Category } from '@civicpulse/shared';
import { useAnonymousAllowed } from '../../../api/anonymity';
import { AnonymousOption } from '../../../components/posts/AnonymousOption';
import type { CreatePostInput } from '../../../api/posts';
import { bindFields } from '../../../components/form/bindFields';
import { PrioritySelect, StateSelect } from '../../../components/form/choices';
import { Field, TextAreaField } from '../../../components/form/Field';
import { LocationPicker } from '../../../components/map/LocationPicker';
import { CategoryPicker } from '../../../components/posts/Category';
import { useHeldSubmit } from '../../../components/posts/useHeldSubmit';
import { PhotoPicker, usePickedPhotos } from '../../../components/posts/PhotoPicker';
import { SimilarReports } from '../../../components/posts/SimilarReports';
import { createPostProblemField, localizeProblem, type PostField } from '../../../components/posts/postProblems';
import { DraftPrompt } from '../../../components/offline/DraftPrompt';
import { WaitingToSend } from '../../../components/offline/WaitingToSend';
import { useFormProblem } from '../../../components/useFormProblem';
import { usePageTitle } from '../../../components/usePageTitle';
import { useLocalized, useTranslation } from '../../../i18n';
import { toFile, type Draft } from '../../../offline/db';
import { useSession } from '../../../session/useSession';
import { EMPTY, formOfDraft, useDraft, type FormState, type Point } from './createPost/useDraft';
import { useOutbox } from './createPost/useOutbox';

/** The caption as it was `delayMs` after the last keystroke. */
function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * Create Civic Issue (spec 2.9), with the checks of spec 5 "Create post" in their order. The form is
 * kept as a draft (useDraft) and sent through the offline outbox (useOutbox).
 */
export default function CreatePost() {
  const { t } = useTranslation('create');
  const ui = useLocalized(POST_UI);
  const jurisdiction = useLocalized(JURISDICTION_TEXTS);
  const texts = useLocalized(TEXTS);
  const createUi = useLocalized(CREATE_POST_UI);
  usePageTitle(ui.createHeading);
  const account = useSession().id;
  const [form, setForm] = useState<FormState>(EMPTY);
  const problem = useFormProblem<PostField>();
  const bind = bindFields(form, setForm, problem, ['priority', 'city']);
  const { photos: images, add: addImages, remove: removeImage, clear: clearImages } = usePickedPhotos();
  const [point, setPoint] = useState<Point | null>(null);
  // Issue 16: the category follows the caption as the user types, until they pick one themselves.
  const [pickedCategory, setPickedCategory] = useState<Category | null>(null);
  const category = pickedCategory ?? suggestCategory(form.caption);
  const debouncedCaption = useDebounced(form.caption.trim(), 400);
  // Anonymous reports: offered where the category allows it (the server checks it again).
  const anonymity = useLocalized(ANONYMITY_TEXTS);
  const anonymousAllowed = useAnonymousAllowed(category);
  const [hideName, setHideName] = useState(false);
  const imagesId = useId();
  const mapId = useId();
  // Issue 30: photos still being resized (PhotoPicker) are not in `images` yet. Submit pressed meanwhile
  // is held ("Preparing photos…") and goes once they have arrived, instead of "Please upload at least one image.".
  const { onPreparing, held, hold } = useHeldSubmit(() => void send());

  /** Shows a refusal the server gave (or a queued send got), next to its field when it names one. */
  const showRefusal = useCallback(
    (message: string, localize = true) => {
      const field = createPostProblemField(message);
      problem.report(localize ? localizeProblem(message) : message, field ? [field] : []);
    },
    // localizeProblem reads the current language; problem.report is stable.
    [problem.report, texts],
  );

  /** Puts a stored draft back into the form. */
  const onRestore = useCallback(
    (draft: Draft) => {
      setForm(formOfDraft(draft));
      setPickedCategory((draft.category as Category | null) ?? null);
      setHideName(draft.anonymous === true);
      setPoint(draft.point);
      clearImages();
      addImages(draft.photos.map(toFile));
    },
    [addImages, clearImages],
  );

  // Issue 17: the draft, the outbox and what the form is doing with them.
  const draft = useDraft({ account, form, category: pickedCategory, anonymous: hideName, point, images, onRestore, showRefusal });
  const outbox = useOutbox({ account, draft, showRefusal });
  const { phase } = draft;
  const { busy } = outbox;

  const pickPoint = (next: Point) => {
    if (phase === 'waiting') return;
    setPoint(next);
    problem.fix('map');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || phase === 'waiting') return;
    if (hold()) {
      problem.clear();
      return;
    }
    void send();
  };

  /** Checks the form and sends it (through the outbox). */
  const send = async () => {
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
      showRefusal(message);
      return;
    }
    // Never sent with the name shown when the reporter asked to hide it: they untick it themselves.
    if (hideName && !anonymousAllowed) {
      toast.error(anonymity.notAllowed);
      return;
    }
    problem.clear();
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
      ...(hideName ? { anonymous: true } : {}),
    };
    await outbox.send(input);
  };

  const waiting = phase === 'waiting';
  const locked = busy || waiting;

  return (
    <section aria-labelledby="screen-title" className="max-w-3xl">
      <h1 id="screen-title" className="text-2xl font-bold text-slate-900">
        {ui.createHeading}
      </h1>
      <p className="mt-1 text-sm text-slate-700">{ui.createIntro}</p>

      {phase === 'prompt' && draft.offered && <DraftPrompt savedAt={draft.offered.savedAt} onResume={draft.resume} onDiscard={draft.discard} />}

      <form ref={problem.formRef} className="card mt-6 space-y-5 p-4 sm:p-6" onSubmit={submit} noValidate>
        {waiting && (
          <WaitingToSend
            needsLogin={outbox.needsLogin}
            retrying={outbox.retrying}
            onRetry={() => void outbox.retryNow()}
            onEdit={() => void outbox.editAgain()}
          />
        )}
        <fieldset disabled={waiting} className="min-w-0 space-y-5">
          <TextAreaField
            label={ui.caption}
            inputClassName="min-h-24 resize-y"
            rows={3}
            maxLength={LIMITS.commentMaxChars}
            placeholder={ui.captionPlaceholder}
            {...bind('caption')}
            after={<SimilarReports point={point} caption={debouncedCaption} keepDraft={draft.write} />}
          />

          <CategoryPicker
            value={category}
            onChange={setPickedCategory}
            suggested={pickedCategory === null && form.caption.trim() !== ''}
            disabled={locked}
          />

          <AnonymousOption checked={hideName} allowed={anonymousAllowed} disabled={locked} onChange={setHideName} />

          <PhotoPicker
            id={imagesId}
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
            onPreparing={onPreparing}
            disabled={locked}
            testId="create-previews"
          />

          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={ui.country} inputClassName="bg-slate-100" value={t('form.country')} disabled readOnly />
            <StateSelect
              label={ui.state}
              emptyLabel={ui.selectState}
              value={form.state}
              onChange={(state) => {
                setForm((f) => ({ ...f, state }));
                problem.fix('state');
              }}
              problem={problem.field('state')}
            />
            <Field label={ui.landmark} className="sm:col-span-2" {...bind('landmark')} />
            <Field label={ui.address} className="sm:col-span-2" {...bind('address')} />
            <Field label={jurisdiction.reportCity} autoComplete="address-level2" maxLength={LIMITS.cityMaxChars} {...bind('city')} />
            <Field label={ui.pincode} inputMode="numeric" autoComplete="postal-code" {...bind('pincode')} />
            <PrioritySelect label={ui.priority} value={form.priority} onChange={(priority) => priority && setForm((f) => ({ ...f, priority }))} />
          </div>

          <fieldset>
            <legend className="field-label" id={mapId}>
              {ui.pickLocation}
            </legend>
            <p className="mb-2 text-xs text-slate-600">{ui.pickHint}</p>
            <LocationPicker
              key={draft.map.key}
              value={point}
              onChange={pickPoint}
              fieldProblem={problem.field('map')}
              // A restored draft opens on its own point and does not locate the reporter over it.
              autoLocate={draft.map.centre === null}
              initialCenter={draft.map.centre}
            />
          </fieldset>
        </fieldset>

        {!waiting && (
          <div>
            <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy || held} aria-describedby={held ? 'create-held' : undefined}>
              {busy ? ui.submitting : held ? createUi.preparingPhotos : ui.submit}
            </button>
            {held && (
              <p id="create-held" className="mt-2 text-sm text-slate-700" role="status" data-testid="create-held">
                {createUi.preparingHeld}
              </p>
            )}
            {draft.saved && !busy && !held && <p className="mt-2 text-xs text-slate-600">{t('draft.savedNote')}</p>}
            <div className={`mt-3 ${busy ? '' : 'invisible'}`} aria-hidden={!busy}>
              <div
                role="progressbar"
                aria-label={ui.uploading(outbox.progress)}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={outbox.progress}
                className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
              >
                <div className="h-full bg-brand-700 transition-[width] duration-150" style={{ width: `${outbox.progress}%` }} />
              </div>
              <p className="mt-1 text-xs text-slate-700">{ui.uploading(outbox.progress)}</p>
            </div>
          </div>
        )}
      </form>
    </section>
  );
}
