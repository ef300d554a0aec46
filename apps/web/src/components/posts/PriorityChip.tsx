import { NAMES, PRIORITY_TONE, type Priority } from '@civicpulse/shared';
import { useLocalized } from '../../i18n';

/** Text and background pairs that keep at least 4.5:1 contrast. */
const TONE_CLASSES: Record<(typeof PRIORITY_TONE)[Priority], string> = {
  red: 'bg-red-100 text-red-800 ring-red-200',
  orange: 'bg-orange-100 text-orange-800 ring-orange-200',
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  green: 'bg-green-100 text-green-800 ring-green-200',
};

export function PriorityChip({ priority }: { priority: Priority }) {
  const names = useLocalized(NAMES);
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONE_CLASSES[PRIORITY_TONE[priority]]}`}
    >
      {names.priorities[priority] ?? priority}
    </span>
  );
}
