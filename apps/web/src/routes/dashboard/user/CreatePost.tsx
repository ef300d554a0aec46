import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import toast from '../../../toast';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import {
  COUNTRY,
  DEFAULT_PRIORITY,
  INDIAN_STATES,
  JURISDICTION_TEXTS,
  LIMITS,
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
import { createPost, postKeys } from '../../../api/posts';
import { newIdempotencyKey } from '../../../api/upload';
import { LocationPicker } from '../../../components/map/LocationPicker';
import { CategoryPicker } from '../../../components/posts/Category';
import { PhotoPicker, usePickedPhotos } from '../../../components/posts/PhotoPicker';
import { SimilarReports } from '../../../components/posts/SimilarReports';
import { createPostProblemField, type PostField } from '../../../components/posts/postProblems';
import { FieldError, invalidProps, useFormProblem } from '../../../components/useFormProblem';
import { usePageTitle } from '../../../components/usePageTitle';

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

/** The caption as it was `delayMs` after the last keystroke. */
function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** Create Civic Issue (spec 2.9), with the checks of spec 5 "Create post" in their order. */
export default function CreatePost() {
  usePageTitle(POST_UI.createHeading);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [form, setForm] = useState<FormState>(EMPTY);
  const problem = useFormProblem<PostField>();
  const { photos: images, add: addImages, remove: removeImage } = usePickedPhotos();
  const [point, setPoint] = useState<{ lat: number; lng: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  // One key per report (issue 17): a retry after a lost answer gets the post the first attempt made.
  const [idempotencyKey] = useState(newIdempotencyKey);
  // Issue 16: the category follows the caption as the user types, until they pick one themselves.
  const [pickedCategory, setPickedCategory] = useState<Category | null>(null);
  const category = pickedCategory ?? suggestCategory(form.caption);
  const debouncedCaption = useDebounced(form.caption.trim(), 400);
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

  const set = (key: keyof FormState) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    setForm((f) => ({ ...f, [key]: event.target.value }));
    if (key !== 'priority' && key !== 'city') problem.fix(key);
  };
  const pickPoint = (next: { lat: number; lng: number }) => {
    setPoint(next);
    problem.fix('map');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
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
      problem.report(message, field ? [field] : []);
      return;
    }
    problem.clear();
    setBusy(true);
    setProgress(0);
    try {
      const answer = await createPost(
        {
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
        },
        (p) => setProgress(p.percent),
        idempotencyKey,
      );
      toast.success(answer.message || POST_TEXTS.created);
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
      // The reporter sees what they just filed (and can share it), not an empty form.
      void navigate(`/post/${answer.post._id}`);
    } catch (error) {
      // A 401 already ended the session (uploadForm → notifyUnauthorized): no second toast.
      if (error instanceof ApiError && error.status === 401) return;
      toast.error(errorMessage(error, TEXTS.errors.createPost));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="screen-title" className="max-w-3xl">
      <h1 id="screen-title" className="text-2xl font-bold text-slate-900">
        {POST_UI.createHeading}
      </h1>
      <p className="mt-1 text-sm text-slate-700">{POST_UI.createIntro}</p>

      <form ref={problem.formRef} className="card mt-6 space-y-5 p-4 sm:p-6" onSubmit={(e) => void submit(e)} noValidate>
        <div>
          <label htmlFor={ids.caption} className="field-label">
            {POST_UI.caption}
          </label>
          <textarea
            id={ids.caption}
            className="field-input min-h-24 resize-y"
            rows={3}
            maxLength={LIMITS.commentMaxChars}
            placeholder={POST_UI.captionPlaceholder}
            value={form.caption}
            onChange={set('caption')}
            {...invalidProps(problem.field('caption'))}
          />
          <FieldError problem={problem.field('caption')} />
          <SimilarReports point={point} caption={debouncedCaption} />
        </div>

        <CategoryPicker value={category} onChange={setPickedCategory} suggested={pickedCategory === null && form.caption.trim() !== ''} disabled={busy} />

        <PhotoPicker
          id={ids.images}
          label={POST_UI.images}
          hint={POST_UI.imagesHint}
          photos={images}
          problem={problem.field('images')}
          onAdd={(files) => {
            addImages(files);
            problem.fix('images');
          }}
          onRemove={removeImage}
          onReject={(message) => toast.error(message)}
          disabled={busy}
          testId="create-previews"
        />

        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={ids.country} className="field-label">
              {POST_UI.country}
            </label>
            <input id={ids.country} className="field-input bg-slate-100" value={COUNTRY} disabled readOnly />
          </div>
          <div>
            <label htmlFor={ids.state} className="field-label">
              {POST_UI.state}
            </label>
            <select
              id={ids.state}
              className="field-input"
              value={form.state}
              onChange={set('state')}
              {...invalidProps(problem.field('state'))}
            >
              <option value="">{POST_UI.selectState}</option>
              {INDIAN_STATES.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </select>
            <FieldError problem={problem.field('state')} />
          </div>
          <div className="sm:col-span-2">
            <label htmlFor={ids.landmark} className="field-label">
              {POST_UI.landmark}
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
              {POST_UI.address}
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
              {JURISDICTION_TEXTS.reportCity}
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
              {POST_UI.pincode}
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
              {POST_UI.priority}
            </label>
            <select id={ids.priority} className="field-input" value={form.priority} onChange={set('priority')}>
              {PRIORITIES.map((priority) => (
                <option key={priority} value={priority}>
                  {priority}
                </option>
              ))}
            </select>
          </div>
        </div>

        <fieldset>
          <legend className="field-label" id={ids.map}>
            {POST_UI.pickLocation}
          </legend>
          <p className="mb-2 text-xs text-slate-600">{POST_UI.pickHint}</p>
          <LocationPicker value={point} onChange={pickPoint} fieldProblem={problem.field('map')} />
        </fieldset>

        <div>
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
            {busy ? POST_UI.submitting : POST_UI.submit}
          </button>
          <div className={`mt-3 ${busy ? '' : 'invisible'}`} aria-hidden={!busy}>
            <div
              role="progressbar"
              aria-label={POST_UI.uploading(progress)}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full bg-brand-700 transition-[width] duration-150" style={{ width: `${progress}%` }} />
            </div>
            <p className="mt-1 text-xs text-slate-700">{POST_UI.uploading(progress)}</p>
          </div>
        </div>
      </form>
    </section>
  );
}
