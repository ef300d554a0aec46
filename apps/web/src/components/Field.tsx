import { useId, type InputHTMLAttributes } from 'react';
import { FieldError, invalidProps, type FieldProblem } from './useFormProblem';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: string;
  /** This field's part of the form's validation problem (useFormProblem). */
  problem?: FieldProblem;
}

/** A labelled input: the label is always visible and tied to the input; a problem shows right under it. */
export function Field({ label, hint, problem, className, ...input }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const aria = problem ? invalidProps(problem, hintId) : { 'aria-describedby': hintId };
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input id={id} className="field-input" {...aria} {...input} />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {problem && <FieldError problem={problem} />}
    </div>
  );
}
