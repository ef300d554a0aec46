import { useId } from 'react';
import { TEAM_UI } from '@civicpulse/shared';
import { useTemplates } from '../../api/team';
import { useLocalized } from '../../i18n';

/** The department's response templates as a choice that fills a note (shown only when it keeps some). */
export function TemplatePicker({ onPick }: { onPick: (body: string) => void }) {
  const ui = useLocalized(TEAM_UI);
  const id = useId();
  const templates = useTemplates();
  const list = templates.data?.templates ?? [];
  if (list.length === 0) return null;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {ui.templatePick}
      </label>
      <select
        id={id}
        className="field-input"
        value=""
        onChange={(e) => {
          const picked = list.find((t) => t._id === e.target.value);
          if (picked) onPick(picked.body);
        }}
      >
        <option value="">{ui.templateChoose}</option>
        {list.map((t) => (
          <option key={t._id} value={t._id}>
            {t.title}
          </option>
        ))}
      </select>
    </div>
  );
}
