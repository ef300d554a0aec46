import { lazy, Suspense, useState } from 'react';
import { MODERATION_UI, type FlagKind } from '@civicpulse/shared';
import { textsReady, useLocalized } from '../../i18n';
import { Icon } from '../Icon';

// The dialog loads when first opened: reading a report never pays for it. It waits for the shared texts'
// full set in the current language (not in the first paint's part), so it never shows English in Hindi.
const FlagDialog = lazy(() => Promise.all([import('./FlagDialog'), textsReady()]).then(([module]) => module));

export interface FlagButtonProps {
  kind: FlagKind;
  id: string;
  /** What is flagged, for the button's accessible name ("Flag comment by Asha"). */
  label: string;
  className?: string;
}

/** A small "Flag" control that opens the flag dialog for one item. */
export function FlagButton({ kind, id, label, className = '' }: FlagButtonProps) {
  const ui = useLocalized(MODERATION_UI);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`inline-flex min-h-9 items-center gap-1 rounded-md px-2 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 ${className}`}
        aria-label={`${ui.flag}: ${label}`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="flag-button"
      >
        <Icon name="flag" className="h-3.5 w-3.5" />
        {ui.flag}
      </button>
      {open && (
        <Suspense fallback={null}>
          <FlagDialog kind={kind} id={id} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
