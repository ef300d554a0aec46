import { INDIAN_STATES, NAMES, PRIORITIES, type Priority } from '@civicpulse/shared';
import { useLocalized } from '../../i18n';
import type { FieldProblem } from '../useFormProblem';
import { SelectField } from './Field';

const isPriority = (value: string): value is Priority => (PRIORITIES as readonly string[]).includes(value);

interface PrioritySelectProps {
  label: string;
  value: Priority | null;
  onChange: (next: Priority | null) => void;
  /** The "All priorities" choice of a filter (null); without it a priority is always chosen. */
  anyLabel?: string;
  id?: string;
  className?: string;
}

/** The report priorities, in order, named in the reader's language (the form's field or a filter). */
export function PrioritySelect({ label, value, onChange, anyLabel, id, className }: PrioritySelectProps) {
  const names = useLocalized(NAMES);
  const options = PRIORITIES.map((p) => ({ value: p, label: names.priorities[p] }));
  return (
    <SelectField
      label={label}
      id={id}
      className={className}
      value={value ?? ''}
      onChange={(next) => onChange(isPriority(next) ? next : null)}
      options={options}
      emptyLabel={anyLabel}
    />
  );
}

interface StateSelectProps {
  label: string;
  /** The first, empty choice ("Select State"). */
  emptyLabel: string;
  value: string;
  onChange: (next: string) => void;
  problem?: FieldProblem;
  id?: string;
  className?: string;
  required?: boolean;
}

/** India's states and union territories, named in the reader's language (a report's location). */
export function StateSelect({ label, emptyLabel, value, onChange, problem, id, className, required }: StateSelectProps) {
  const names = useLocalized(NAMES);
  const options = INDIAN_STATES.map((state) => ({ value: state, label: names.states[state] }));
  return <SelectField label={label} id={id} className={className} value={value} onChange={onChange} options={options} emptyLabel={emptyLabel} problem={problem} required={required} />;
}
