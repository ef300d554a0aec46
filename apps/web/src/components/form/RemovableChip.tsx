/** An active filter or an added value as a pill; the whole pill is the button that removes it. */
export function RemovableChip({ label, removeLabel, onRemove }: { label: string; /** "Remove <label>". */ removeLabel: string; onRemove: () => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={onRemove}
        aria-label={removeLabel}
        className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 py-1 pr-2 pl-3 text-xs font-semibold text-brand-900 ring-1 ring-brand-200 ring-inset hover:bg-brand-100"
      >
        {label}
        <svg viewBox="0 0 24 24" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6 6 18" />
        </svg>
      </button>
    </li>
  );
}
