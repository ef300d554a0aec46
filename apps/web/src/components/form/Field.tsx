import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { FieldError, invalidProps, type FieldProblem } from '../useFormProblem';

/** What every labelled control shares: its visible label, an optional hint and its part of the form's problem. */
export interface FieldFrameProps {
  label: ReactNode;
  hint?: ReactNode;
  /** This field's part of the form's validation problem (useFormProblem). */
  problem?: FieldProblem;
  /** The wrapper's classes (grid spans, margins). */
  className?: string;
  /** The control's id, when the form needs to know it; a fresh one otherwise. */
  id?: string;
  /** Shown under the error (a live hint such as Similar reports). */
  after?: ReactNode;
  /** Another element that describes the control (a status the control renders itself). */
  describedBy?: string;
  /** The label is read by screen readers only (a chat box whose placeholder and button say it all). */
  hideLabel?: boolean;
}

/** The id and aria attributes the frame hands its control. */
export interface ControlAria {
  id: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * A label tied to its control, a hint under it and the inline error (aria-invalid, aria-describedby naming
 * the hint and the message), the shape every field of the app's forms has. The control itself is the
 * children, called with the id and aria attributes to spread on it.
 */
export function FieldFrame({ label, hint, problem, className, id, after, describedBy, hideLabel, children }: FieldFrameProps & { children: (control: ControlAria) => ReactNode }) {
  const own = useId();
  const controlId = id ?? own;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const described = [describedBy, hintId].filter(Boolean).join(' ') || undefined;
  const aria = problem ? invalidProps(problem, described) : { 'aria-describedby': described };
  return (
    <div className={className}>
      <label htmlFor={controlId} className={hideLabel ? 'sr-only' : 'field-label'}>
        {label}
      </label>
      {children({ id: controlId, ...aria })}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {problem && <FieldError problem={problem} />}
      {after}
    </div>
  );
}

type FrameOwn = keyof FieldFrameProps;

interface FieldProps extends FieldFrameProps, Omit<InputHTMLAttributes<HTMLInputElement>, FrameOwn> {
  /** Classes added to the input's own `field-input`. */
  inputClassName?: string;
}

/** A labelled input: the label is always visible and tied to the input; a problem shows right under it. */
export function Field({ label, hint, problem, className, id, after, describedBy, hideLabel, inputClassName, ...input }: FieldProps) {
  return (
    <FieldFrame {...{ label, hint, problem, className, id, after, describedBy, hideLabel }}>
      {(aria) => <input className={inputClassName ? `field-input ${inputClassName}` : 'field-input'} {...aria} {...input} />}
    </FieldFrame>
  );
}

interface TextAreaFieldProps extends FieldFrameProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, FrameOwn> {
  /** Classes added to the textarea's own `field-input` (its height, a monospace font). */
  inputClassName?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled textarea, with the same hint and inline error as Field. */
export function TextAreaField({ label, hint, problem, className, id, after, describedBy, hideLabel, inputClassName, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame {...{ label, hint, problem, className, id, after, describedBy, hideLabel }}>
      {(aria) => <textarea className={inputClassName ? `field-input ${inputClassName}` : 'field-input'} {...aria} {...textarea} />}
    </FieldFrame>
  );
}

/** One choice of a SelectField. */
export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps extends FieldFrameProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, FrameOwn | 'onChange' | 'value'> {
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  /** A first choice with the value '' ("Select State", "All priorities"). */
  emptyLabel?: string;
}

/** A labelled select of the given options, with the same hint and inline error as Field. */
export function SelectField({ label, hint, problem, className, id, after, describedBy, hideLabel, value, onChange, options, emptyLabel, ...select }: SelectFieldProps) {
  return (
    <FieldFrame {...{ label, hint, problem, className, id, after, describedBy, hideLabel }}>
      {(aria) => (
        <select className="field-input" value={value} onChange={(e) => onChange(e.target.value)} {...aria} {...select}>
          {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
