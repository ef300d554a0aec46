import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import toast from '../../toast';
import type { LatLngLiteral } from 'leaflet';
import { MY_POSTS_UI, POST_UI, isCategory, validateCreatePost, type Category, type Post, type Priority } from '@civicpulse/shared';
import { LocationPicker } from '../map/LocationPicker';
import { ApiError } from '../../api/client';
import { useEditPost } from '../../api/myPosts';
import { Modal } from '../Modal';
import { PrioritySelect, StateSelect } from '../form/choices';
import { Field, TextAreaField } from '../form/Field';
import { FormActions } from '../form/FormActions';
import { FieldError, type FieldProblem } from '../useFormProblem';
import { CategoryPicker } from '../posts/Category';
import { AnonymousOption } from '../posts/AnonymousOption';
import { useAnonymousAllowed } from '../../api/anonymity';
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
  // Anonymous reports: a report already hidden keeps its category's permission (the server's rule too).
  const [hideName, setHideName] = useState(post.anonymous === true);
  const categoryAllows = useAnonymousAllowed(category);
  const anonymousAllowed = categoryAllows || (post.anonymous === true && category === post.category);
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
          anonymous: hideName,
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

  /** The field's part of the problem: aria-invalid and the message under it. */
  const fieldProblem = (field: FieldKey): FieldProblem => {
    const invalid = problem?.field === field;
    return { invalid, error: invalid ? problem?.text : undefined, errorId: id(`${field}-error`) };
  };

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
          <TextAreaField
            ref={captionInput}
            id={id('caption')}
            label={postUi.caption}
            inputClassName="min-h-24"
            rows={3}
            value={caption}
            onChange={(e) => setCaption(e.target.value)}
            problem={fieldProblem('caption')}
            placeholder={postUi.captionPlaceholder}
          />

          <CategoryPicker value={category} onChange={setCategory} disabled={edit.isPending} />

          <AnonymousOption checked={hideName} allowed={anonymousAllowed} disabled={edit.isPending} onChange={setHideName} />

          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={id('country')} label={postUi.country} inputClassName="bg-slate-100 text-slate-700" value={ui.countryIndia} disabled readOnly />
            <StateSelect id={id('state')} label={postUi.state} emptyLabel={postUi.selectState} value={state} onChange={setState} problem={fieldProblem('state')} />
            <Field id={id('landmark')} label={postUi.landmark} value={landmark} onChange={(e) => setLandmark(e.target.value)} problem={fieldProblem('landmark')} />
            <Field
              id={id('pincode')}
              label={postUi.pincode}
              inputMode="numeric"
              autoComplete="postal-code"
              value={pincode}
              onChange={(e) => setPincode(e.target.value)}
              problem={fieldProblem('pincode')}
            />
            <Field
              id={id('address')}
              label={postUi.address}
              className="sm:col-span-2"
              value={address}
              onChange={(e) => setAddress(e.target.value)}
              problem={fieldProblem('address')}
            />
            <PrioritySelect id={id('priority')} label={postUi.priority} value={priority} onChange={(next) => next && setPriority(next)} />
          </div>

          <fieldset aria-describedby={problem?.field === 'map' ? id('map-error') : id('location-hint')}>
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
            <FieldError problem={fieldProblem('map')} />
          </fieldset>

          {problem && problem.field === null && (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
              {problem.text}
            </p>
          )}
        </div>

        <FormActions
          className="sticky bottom-0 flex flex-col-reverse gap-2 border-t border-slate-200 bg-white px-5 py-4 sm:flex-row sm:justify-end sm:px-6"
          cancelLabel={ui.cancel}
          onCancel={onClose}
          actionLabel={ui.save}
          busyLabel={ui.saving}
          busy={edit.isPending}
        />
      </form>
    </Modal>
  );
}
