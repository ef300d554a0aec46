import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  EDITOR_UI,
  GENDERS,
  INDIAN_STATES,
  NAMES,
  PROFILE_TEXTS,
  PROFILE_UI,
  SOCIAL_NETWORKS,
  checkProfileEdit,
  type CitizenProfile,
  type GovernmentProfile,
} from '@civicpulse/shared';
import { errorMessage } from '../../api/client';
import { useLocalized, useTranslation } from '../../i18n';
import { uploadForm } from '../../api/upload';
import { resizePhoto } from '../../lib/resizeImage';
import toast from '../../toast';
import { useSession } from '../../session/useSession';
import { Avatar } from '../Avatar';

type Profile = CitizenProfile | GovernmentProfile;

const CITIZEN_FIELDS = ['name', 'phone', 'dob', 'gender', 'city', 'state', 'address', 'pincode', 'landmark', 'bio'] as const;
const GOV_FIELDS = ['authorityName', 'designation', 'department', 'jurisdictionArea', 'phone', 'alternateContact', 'officeAddress', 'city', 'state', 'pincode', 'idProofType', 'idProofNumber', 'website', 'bio'] as const;
const TYPES: Record<string, string> = { phone: 'tel', alternateContact: 'tel', website: 'url' };

/**
 * Date of birth as Indian users write it, DD/MM/YYYY, in a text field: the native date input shows the
 * browser's own locale (mm/dd/yyyy in an en-US browser) whatever the page's lang. Sent as YYYY-MM-DD.
 */
function dobToDisplay(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

/** DD/MM/YYYY (also D/M/YYYY, with - or . between, or YYYY-MM-DD) to YYYY-MM-DD; '' stays ''; null when it is no real date. */
function dobToIso(text: string): string | null {
  const t = text.trim();
  if (t === '') return '';
  // A pasted YYYY-MM-DD is unambiguous: taken as it is.
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  const m = iso ? [t, iso[3], iso[2], iso[1]] : /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function initial(profile: Profile): Record<string, string> {
  const fields = profile.role === 'government' ? GOV_FIELDS : CITIZEN_FIELDS;
  const out: Record<string, string> = {};
  for (const f of fields) {
    const v = (profile as Record<string, unknown>)[f];
    out[f] = typeof v === 'string' ? (f === 'dob' ? dobToDisplay(v.slice(0, 10)) : v) : '';
  }
  for (const n of SOCIAL_NETWORKS) out[`social.${n}`] = profile.socialLinks[n] ?? '';
  return out;
}

/**
 * Edit mode of one's own profile (spec 2.12, 5): save or cancel (cancel restores the loaded values);
 * inputs of type tel, date, url; email read-only; gender lowercased; social links sent as a JSON
 * string; the photo uploads with a byte-progress bar. The shared checkProfileEdit shows the
 * server's own messages inline before sending.
 */
export function ProfileEditor({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const session = useSession();
  const client = useQueryClient();
  const base = useId();
  const { t } = useTranslation('user');
  const ui = useLocalized(PROFILE_UI);
  const editor = useLocalized(EDITOR_UI);
  const texts = useLocalized(PROFILE_TEXTS);
  const names = useLocalized(NAMES);
  const [values, setValues] = useState(() => initial(profile));
  const [photo, setPhoto] = useState<File | null>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  // The chosen photo at once, then its resized copy (issue 17 item 8) unless another was chosen meanwhile.
  const pickPhoto = (picked: File | null) => {
    setPhoto(picked);
    if (picked) void resizePhoto(picked).then((small) => setPhoto((current) => (current === picked ? small : current)));
  };
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const fields = profile.role === 'government' ? GOV_FIELDS : CITIZEN_FIELDS;
  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const socialLinks = JSON.stringify(Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, values[`social.${n}`]?.trim() ?? ''])));
    const sent: Record<string, string> = { socialLinks };
    const start = initial(profile);
    for (const f of fields) if (values[f] !== start[f]) sent[f] = f === 'gender' ? (values[f] ?? '').toLowerCase() : (values[f] ?? '');
    if (sent.dob !== undefined) {
      const iso = dobToIso(sent.dob);
      if (iso === null) {
        setProblem({ field: 'dob', message: editor.dobInvalid });
        toast.error(editor.dobInvalid);
        return;
      }
      sent.dob = iso;
    }
    const check = checkProfileEdit(profile.role, sent, new Date().toISOString().slice(0, 10), texts);
    if (!check.ok) {
      setProblem({ field: check.field, message: check.message });
      toast.error(check.message);
      return;
    }
    const form = new FormData();
    for (const [k, v] of Object.entries(sent)) form.append(k, v);
    if (photo) form.append(profile.role === 'government' ? 'profilePhoto' : 'file', photo, photo.name);
    setProgress(0);
    try {
      const answer = await uploadForm<{ message: string; token: string }>(profile.role === 'government' ? '/api/gov/updateProfile' : '/api/user/updateProfile', form, {
        method: 'PUT',
        onProgress: (p) => setProgress(p.percent),
      });
      session.login(answer.token);
      await client.invalidateQueries({ queryKey: ['profile'] });
      await client.invalidateQueries({ queryKey: ['header-profile'] });
      toast.success(answer.message || texts.updated);
      onDone();
    } catch (error) {
      toast.error(errorMessage(error, texts.updateFailed));
    } finally {
      setProgress(null);
    }
  };

  const input = (f: string, label: string) => {
    const id = `${base}-${f}`;
    const invalid = problem?.field === f || (problem?.field === 'socialLinks' && f.startsWith('social.'));
    const dob = f === 'dob';
    const describedBy = [dob ? `${base}-dob-hint` : '', invalid ? `${base}-problem` : ''].filter(Boolean).join(' ');
    const common = {
      id,
      value: values[f] ?? '',
      'aria-invalid': invalid || undefined,
      'aria-describedby': describedBy || undefined,
      onChange: (e: { target: { value: string } }) => {
        setValues((v) => ({ ...v, [f]: e.target.value }));
        setProblem(null);
      },
      className: 'field-input',
    };
    return (
      <div key={f} className={f === 'bio' ? 'sm:col-span-2' : ''}>
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        {f === 'bio' ? (
          <textarea {...common} className="field-input min-h-28" maxLength={1000} />
        ) : f === 'state' ? (
          <select {...common}>
            <option value="">{editor.chooseState}</option>
            {INDIAN_STATES.map((s) => (
              <option key={s} value={s}>
                {names.states[s]}
              </option>
            ))}
          </select>
        ) : f === 'gender' ? (
          <select {...common}>
            <option value="">{editor.chooseGender}</option>
            {GENDERS.map((g) => (
              <option key={g} value={g}>
                {t(`genders.${g}`)}
              </option>
            ))}
          </select>
        ) : dob ? (
          <>
            <input {...common} type="text" inputMode="numeric" autoComplete="bday" placeholder={editor.dobPlaceholder} maxLength={10} />
            <p id={`${base}-dob-hint`} className="mt-1 text-xs text-slate-600">
              {editor.dobHint}
            </p>
          </>
        ) : (
          <input {...common} type={TYPES[f] ?? 'text'} />
        )}
        {invalid && problem && !f.startsWith('social.') && (
          <p id={`${base}-problem`} className="mt-1 text-sm text-red-800">
            {problem.message}
          </p>
        )}
      </div>
    );
  };

  const name = profile.role === 'government' ? profile.authorityName : profile.name;
  const email = profile.role === 'government' ? profile.officialEmail : (profile.email ?? '');
  return (
    <form onSubmit={(e) => void submit(e)} className="card space-y-5 p-5" aria-label={editor.edit} data-testid="profile-editor">
      <div className="flex flex-wrap items-center gap-4">
        {preview ? <img src={preview} alt="" className="h-24 w-24 rounded-full object-cover" data-testid="photo-preview" /> : <Avatar name={name} photo={profile.profilePhoto || null} size="h-24 w-24 text-2xl" />}
        <div>
          {/* The native file input (its "No file chosen") stays hidden behind a styled button, as in PhotoPicker. */}
          <label htmlFor={`${base}-photo`} className="field-label">
            {editor.photo}
          </label>
          <input
            id={`${base}-photo`}
            ref={photoInput}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            tabIndex={-1}
            aria-describedby={`${base}-photo-hint`}
            onChange={(e) => pickPhoto(e.target.files?.[0] ?? null)}
          />
          <div className="flex flex-wrap items-center gap-2">
            <button type="button" className="btn-secondary px-3 py-2" onClick={() => photoInput.current?.click()} aria-describedby={`${base}-photo-hint ${base}-photo-name`} data-testid="choose-photo">
              <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
                <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
                <circle cx="12" cy="13" r="3.5" />
              </svg>
              {editor.choosePhoto}
            </button>
            <span id={`${base}-photo-name`} className="text-sm break-all text-slate-700" aria-live="polite">
              {photo ? editor.photoChosen(photo.name) : ''}
            </span>
          </div>
          <p id={`${base}-photo-hint`} className="mt-1 text-xs text-slate-600">
            {editor.photoHint}
          </p>
          {progress !== null && photo && (
            <progress className="mt-2 w-48" max={100} value={progress} aria-label={editor.uploading(progress)}>
              {progress}%
            </progress>
          )}
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${base}-email`} className="field-label">
            {ui.labels.email}
          </label>
          <input id={`${base}-email`} type="email" className="field-input bg-slate-100" value={email} readOnly aria-describedby={`${base}-email-hint`} />
          <p id={`${base}-email-hint`} className="mt-1 text-xs text-slate-600">
            {editor.emailReadOnly}
          </p>
        </div>
        {fields.map((f) => input(f, f === 'name' ? editor.name : f === 'authorityName' ? editor.authorityName : (ui.labels[f] ?? f)))}
      </div>
      <fieldset>
        <legend className="field-label">{editor.social}</legend>
        <div className="grid gap-3 sm:grid-cols-2">{SOCIAL_NETWORKS.map((n) => input(`social.${n}`, editor.socialNames[n] ?? n))}</div>
        {problem?.field === 'socialLinks' && (
          <p id={`${base}-problem`} className="mt-1 text-sm text-red-800">
            {problem.message}
          </p>
        )}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={progress !== null} aria-busy={progress !== null}>
          {progress !== null ? (photo ? editor.uploading(progress) : editor.saving) : editor.save}
        </button>
        <button type="button" className="btn-ghost border border-slate-300" onClick={onDone} disabled={progress !== null}>
          {editor.cancel}
        </button>
      </div>
    </form>
  );
}
