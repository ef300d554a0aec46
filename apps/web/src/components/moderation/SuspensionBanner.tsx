import { MODERATION_UI } from '@civicpulse/shared';
import { useSettings } from '../../api/accountSettings';
import { useLocalized } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { Icon } from '../Icon';

/**
 * On a suspended account's dashboard (moderation): until when, and why. The server refuses its writes
 * anyway; this says so before the person types a comment that will not be posted.
 */
export default function SuspensionBanner() {
  const ui = useLocalized(MODERATION_UI);
  const { date } = useFormat();
  const suspension = useSettings().data?.suspension;
  if (!suspension) return null;
  return (
    <div role="status" className="mb-4 flex gap-2 rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-900" data-testid="suspension-banner">
      <Icon name="alert" className="mt-0.5 h-4 w-4 shrink-0" />
      <div className="min-w-0">
        <p className="font-semibold">{ui.suspendedBanner(date(suspension.until, { dateStyle: 'medium', timeStyle: 'short' }))}</p>
        {suspension.reason && <p className="mt-1 break-words">{suspension.reason}</p>}
      </div>
    </div>
  );
}
