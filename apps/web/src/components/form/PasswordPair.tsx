import type { ChangeEvent } from 'react';
import type { FieldProblem } from '../useFormProblem';
import { Field } from './Field';

/** One password input's value, change handler and problem (what bindFields gives). */
export interface PasswordBinding {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  problem?: FieldProblem;
}

interface PasswordPairProps {
  password: PasswordBinding;
  confirm: PasswordBinding;
  passwordLabel: string;
  confirmLabel: string;
  /** Under the password ("at least 6 characters"). */
  hint?: string;
  /** Wraps the two (side by side: a grid); without it they stand in the form's own flow. */
  className?: string;
}

/** A new password and its confirmation, both `new-password` for password managers, each with its inline error. */
export function PasswordPair({ password, confirm, passwordLabel, confirmLabel, hint, className }: PasswordPairProps) {
  const fields = (
    <>
      <Field label={passwordLabel} type="password" autoComplete="new-password" hint={hint} {...password} />
      <Field label={confirmLabel} type="password" autoComplete="new-password" {...confirm} />
    </>
  );
  return className ? <div className={className}>{fields}</div> : fields;
}
