import type { ChangeEvent, Dispatch, SetStateAction } from 'react';
import type { FieldProblem } from '../useFormProblem';

/** A form problem (useFormProblem) as far as its fields see it. */
interface ProblemOfFields<K extends string> {
  field: (key: K) => FieldProblem;
  fix: (key: K) => void;
}

/**
 * Ties a form's text fields to its state and its problem: bind('email') is the field's name, value,
 * change handler (which also clears that field's part of the problem) and problem, to spread on a Field.
 * Fields named in `unchecked` (no check points at them) get no problem and clear none.
 */
export function bindFields<F extends Record<keyof F, string>, K extends string>(
  form: F,
  setForm: Dispatch<SetStateAction<F>>,
  problem: ProblemOfFields<K>,
  unchecked: readonly (keyof F)[] = [],
) {
  return (key: keyof F & string) => {
    // A checked field's key is one of the problem's fields.
    const checked = !unchecked.includes(key);
    const field = key as string as K;
    return {
      name: key,
      value: form[key],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
        const value = event.target.value;
        setForm((f) => ({ ...f, [key]: value }));
        if (checked) problem.fix(field);
      },
      problem: checked ? problem.field(field) : undefined,
    };
  };
}
