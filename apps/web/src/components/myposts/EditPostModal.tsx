import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import toast from '../../toast';
import type { LatLngLiteral } from 'leaflet';
import {
  INDIAN_STATES,
  MY_POSTS_UI,
  NAMES,
  POST_UI,
  PRIORITIES,
  isCategory,
  validateCreatePost,
  type Category,
  type Post,
  type Priority,
} from '@civicpulse/shared';
import { LocationPicker } from '../map/LocationPicker';
import { ApiError } from '../../api/client';
import { useEditPost } from '../../api/myPosts';
import { Modal } from '../Modal';
import { CategoryPicker } from '../posts/Category';
import { createPostProblemField, localizeProblem, type PostField } from '../posts/postProblems';
import { useLocalized } from '../../i18n';

/** The edit form has the creation form's fields but the photos. */
type FieldKey = Exclude<PostField, 'images'>;

/** Which field a creation check (spec 5) points at, so the error can sit beside it. */
function fieldOf(text: string): FieldKey | null {
  const field = createPostProblemField(text);
  return field === 'images' ? null : field;
}

export interface EditPostModalProps {
  post: Post;
  onClose: () => void;
}

/**
 * Edit an own report (spec 2.10): the creation form's fields but the photos, checked in the creation
 * order (spec 5) on the client and again by the server. Saving closes the modal and shows the server's
 * message; a refused save keeps the modal open with the reason beside the field.
 */
export function EditPostModal({ post, onClose }: EditPostModalProps) {
  const ui = useLocalized(MY_POSTS_UI);
  const postUi = useLocalized(POST_UI);
  const names = useLocalized(NAMES);
  const ids = useId();
  const id = (name: string) => `${ids}-${name}`;
  const titleId = id('title');
  const edit = useEditPost();
  const form = useRef<HTMLFormElement>(null);
  const captionInput = useRef<HTMLTextAreaElement>(null);

  const [caption, setCaption] = useState(post.caption);
  const [state, setState] = useState(post.location.state);
  const [landmark, setLandmark] = useState(post.location.landmark);
  const [address, setAddress] = useState(post.location.address);
  const [pincode, setPincode] = useState(post.location.pincode);
  const [priority, setPriority] = useState<Priority>(post.priority);
  const [category, setCategory] = useState<Category>(isCategory(post.category) ? post.category : 'other');
  const [point, setPoint] = useState<LatLngLiteral | null>(() => {
    const c = post.location.coordinates;
    return Number.isFinite(c?.lat) && Number.isFinite(c?.lng) ? { lat: c.lat, lng: c.lng } : null;
  });
  const [problem, setProblem] = useState<{ field: FieldKey | null; text: string } | null>(null);

  // The map opens centred on the report's pin as it was when the modal opened (zoom 15).
  const [openedAt] = useState(point);
  const onPoint = useCallback((next: LatLngLiteral) => setPoint({ lat: next.lat, lng: next.lng }), []);

  // The shared checks answer in English (the spec's words): shown in the reader's language, matched in either.
  const fail = (check: string) => {
    const field = fieldOf(check);
    const text = localizeProblem(check);
    setProblem({ field, text });
    toast.error(text);
    const target = field && field !== 'map' ? form.current?.querySelector<HTMLElement>(`#${CSS.escape(id(field))}`) : null;
    target?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (edit.isPending) return;
    const location = { state, landmark, address, pincode, coordinates: point };
    const check = validateCreatePost({ caption, imageCount: 1, location });
    if (check) {
      fail(check);
      return;
    }
    setProblem(null);
    edit.mutate(
      {
        id: post._id,
        input: {
          caption: caption.trim(),
          priority,
          category,
          location: {
            state: state.trim(),
            landmark: landmark.trim(),
            address: address.trim(),
            pincode: pincode.trim(),
            coordinates: point!,
          },
        },
      },
      {
        onSuccess: onClose,
        onError: (error) => {
          const text = error instanceof ApiError ? error.serverMessage : null;
          if (text) setProblem({ field: fieldOf(text), text });
        },
      },
    );
  };

  const invalid = (field: FieldKey) => (problem?.field === field ? true : undefined);
  const errorFor = (field: FieldKey) =>
    problem?.field === field ? (
      <p id={id(`${field}-error`)} className="mt-1 text-sm font-medium text-red-700">
        {problem.text}
      </p>
    ) : null;
  const describedBy = (field: FieldKey) => (problem?.field === field ? id(`${field}-error`) : undefined);

  return (
    <Modal labelledBy={titleId} onClose={onClose} busy={edit.isPending} size="lg" initialFocus={captionInput}>
      <form ref={form} onSubmit={submit} noValidate data-testid="edit-post-form">
        <div className="sticky top-0 z-10 flex items-start justify-between gap-4 border-b border-slate-200 bg-white px-5 py-4 sm:px-6">
          <div>
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {ui.editHeading}
            </h2>
            <p className="mt-0.5 text-sm text-slate-600">{ui.editIntro}</p>
          </div>
          <button
            type="button"
            className="btn-ghost -mt-1 -mr-2 shrink-0 px-2.5 py-2"
            onClick={onClose}
            disabled={edit.isPending}
            aria-label={ui.close}
          >
            <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path strokeLinecap="round" d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </div>

        <div className="space-y-4 px-5 py-5 sm:px-6">
          <div>
            <label htmlFor={id('caption')} className="field-label">
              {postUi.caption}
            </label>
            <textarea
              ref={captionInput}
              id={id('caption')}
              className="field-input min-h-24"
              rows={3}
              value={caption}
              onChange={(e) => setCaption(e.target.value)}
              aria-invalid={invalid('caption')}
              aria-describedby={describedBy('caption')}
              placeholder={postUi.captionPlaceholder}
            />
            {errorFor('caption')}
          </div>

          <CategoryPicker value={category} onChange={setCategory} disabled={edit.isPending} />

          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={id('country')} className="field-label">
                {postUi.country}
              </label>
              <input id={id('country')} className="field-input bg-slate-100 text-slate-700" value={ui.countryIndia} disabled readOnly />
            </div>
            <div>
              <label htmlFor={id('state')} className="field-label">
                {postUi.state}
              </label>
              <select
                id={id('state')}
                className="field-input"
                value={state}
                onChange={(e) => setState(e.target.value)}
                aria-invalid={invalid('state')}
                aria-describedby={describedBy('state')}
              >
                <option value="">{postUi.selectState}</option>
                {INDIAN_STATES.map((s) => (
                  <option key={s} value={s}>
                    {names.states[s]}
                  </option>
                ))}
              </select>
              {errorFor('state')}
            </div>
            <div>
              <label htmlFor={id('landmark')} className="field-label">
                {postUi.landmark}
              </label>
              <input
                id={id('landmark')}
                className="field-input"
                value={landmark}
                onChange={(e) => setLandmark(e.target.value)}
                aria-invalid={invalid('landmark')}
                aria-describedby={describedBy('landmark')}
              />
              {errorFor('landmark')}
            </div>
            <div>
              <label htmlFor={id('pincode')} className="field-label">
                {postUi.pincode}
              </label>
              <input
                id={id('pincode')}
                className="field-input"
                inputMode="numeric"
                autoComplete="postal-code"
                value={pincode}
                onChange={(e) => setPincode(e.target.value)}
                aria-invalid={invalid('pincode')}
                aria-describedby={describedBy('pincode')}
              />
              {errorFor('pincode')}
            </div>
            <div className="sm:col-span-2">
              <label htmlFor={id('address')} className="field-label">
                {postUi.address}
              </label>
              <input
                id={id('address')}
                className="field-input"
                value={address}
                onChange={(e) => setAddress(e.target.value)}
                aria-invalid={invalid('address')}
                aria-describedby={describedBy('address')}
              />
              {errorFor('address')}
            </div>
            <div>
              <label htmlFor={id('priority')} className="field-label">
                {postUi.priority}
              </label>
              <select
                id={id('priority')}
                className="field-input"
                value={priority}
                onChange={(e) => setPriority(e.target.value as Priority)}
              >
                {PRIORITIES.map((p) => (
                  <option key={p} value={p}>
                    {names.priorities[p]}
                  </option>
                ))}
              </select>
            </div>
          </div>

          <fieldset aria-describedby={describedBy('map') ?? id('location-hint')}>
            <legend className="field-label">{postUi.pickLocation}</legend>
            <p id={id('location-hint')} className="mb-2 text-xs text-slate-600">
              {postUi.pickHint}
            </p>
            <LocationPicker
              value={point}
              onChange={onPoint}
              autoLocate={false}
              initialCenter={openedAt}
            />
            {errorFor('map')}
          </fieldset>

          {problem && problem.field === null && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
              {problem.text}
            </p>
          )}
        </div>

        <div className="sticky bottom-0 flex flex-col-reverse gap-2 border-t border-slate-200 bg-white px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
          <button type="button" className="btn-ghost border border-slate-300" onClick={onClose} disabled={edit.isPending}>
            {ui.cancel}
          </button>
          <button type="submit" className="btn-primary" disabled={edit.isPending} aria-busy={edit.isPending}>
            {edit.isPending ? ui.saving : ui.save}
          </button>
        </div>
      </form>
    </Modal>
  );
}
