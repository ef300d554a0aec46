import { useCallback, useEffect, useId, useRef, useState } from 'react';
import toast from '../toast';

interface Problem<K extends string> {
  message: string;
  /** The fields the message is about, in form order; the message shows under the first. */
  fields: K[];
}

export interface FieldProblem {
  /** aria-invalid for the input. */
  invalid: boolean;
  /** The message to show under this field (only the first invalid field shows it). */
  error: string | undefined;
  /** The id of the message element, for aria-describedby of every invalid field. */
  errorId: string;
}

/** Fields whose value is blank (an empty or all-space text, a missing file or point). */
export function blankFields<K extends string>(values: Record<K, unknown>, order: readonly K[]): K[] {
  return order.filter((key) => {
    const value = values[key];
    return value === null || value === undefined || value === false || (typeof value === 'string' && value.trim() === '');
  });
}

/**
 * A form's validation problem, shown twice: as the spec's toast (one per message, see toast.ts) and
 * next to the field(s) it concerns, with aria-invalid and aria-describedby so a screen reader reads it
 * on the field. Focus moves to the first invalid field. Editing a field clears its part of the problem.
 */
export function useFormProblem<K extends string>() {
  const errorId = useId();
  const [problem, setProblem] = useState<Problem<K> | null>(null);
  // Bumped by every report (not by fixes), so focus moves on Submit and never while someone types.
  const [reports, setReports] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  const report = useCallback((message: string, fields: K[]) => {
    setProblem({ message, fields });
    setReports((n) => n + 1);
    toast.error(message);
  }, []);

  const clear = useCallback(() => setProblem(null), []);

  const fix = useCallback((field: K) => {
    setProblem((current) => {
      if (!current || !current.fields.includes(field)) return current;
      const fields = current.fields.filter((f) => f !== field);
      return fields.length > 0 ? { ...current, fields } : null;
    });
  }, []);

  useEffect(() => {
    // Controls that are not inputs (Add photos, Locate Me) carry data-invalid instead of aria-invalid.
    if (reports > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]')?.focus();
  }, [reports]);

  const field = (name: K): FieldProblem => {
    const invalid = problem?.fields.includes(name) ?? false;
    return { invalid, error: invalid && problem?.fields[0] === name ? problem.message : undefined, errorId };
  };

  return { formRef, report, clear, fix, field };
}

/** The inline message under a field. */
export function FieldError({ problem }: { problem: FieldProblem }) {
  if (!problem.error) return null;
  return (
    <p id={problem.errorId} className="mt-1 text-sm font-medium text-red-700" data-testid="field-error">
      {problem.error}
    </p>
  );
}

/** aria attributes for an input the problem may concern. */
export function invalidProps(problem: FieldProblem, describedBy?: string) {
  const ids = [describedBy, problem.invalid ? problem.errorId : undefined].filter(Boolean).join(' ');
  return { 'aria-invalid': problem.invalid || undefined, 'aria-describedby': ids || undefined };
}
