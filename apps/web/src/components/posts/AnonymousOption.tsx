import { useId } from 'react';
import { ANONYMITY_UI } from '@civicpulse/shared';
import { useLocalized } from '../../i18n';

/**
 * "Hide my name on this report" with what it means, on Create Civic Issue and the edit form. Where the
 * category does not allow it the box is disabled with a note, except while it is ticked: then it stays
 * ticked and can be unticked, so a category changed afterwards never shows the name without the reporter
 * seeing it (the form refuses to send it, as the server would).
 */
export function AnonymousOption(props: { checked: boolean; allowed: boolean; disabled?: boolean; onChange: (checked: boolean) => void }) {
  const ui = useLocalized(ANONYMITY_UI);
  const id = useId();
  const usable = props.allowed || props.checked;
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 p-3" data-testid="anonymous-option">
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
          checked={props.checked}
          disabled={props.disabled || !usable}
          aria-describedby={`${id}-help`}
          aria-invalid={props.checked && !props.allowed ? true : undefined}
          onChange={(e) => props.onChange(e.target.checked)}
        />
        <label htmlFor={id} className={`text-sm font-medium ${usable ? 'text-slate-900' : 'text-slate-500'}`}>
          {ui.checkbox}
        </label>
      </div>
      <p id={`${id}-help`} className={`mt-1 ml-6 text-xs ${props.allowed ? 'text-slate-700' : 'font-medium text-amber-800'}`}>
        {props.allowed ? ui.help : ui.notAllowedNote}
      </p>
    </div>
  );
}
