import type { Language } from '@civicpulse/shared';
import { currentLanguage } from '../../i18n';
import { dateFormat, relativeFormat, useFormat } from '../../i18n/format';

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** Date and time together, as the hover title and the timeline show them ("23 Nov 2026, 6:44 pm"). */
export const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** "5 minutes ago", "yesterday", "just now" (or "5 मिनट पहले", "कल", "अभी"), in the current language by default. */
export function timeAgo(iso: string, now: number = Date.now(), lang: Language = currentLanguage()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (!Number.isFinite(seconds)) return '';
  const relative = relativeFormat(lang);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return relative.format(0, 'second');
}

/** A creation time: relative in the text, the full date on hover and for assistive technology. */
export function TimeAgo({ iso, className = '' }: { iso: string; className?: string }) {
  const { lang } = useFormat();
  const date = new Date(iso);
  const full = Number.isNaN(date.getTime()) ? iso : dateFormat(lang, DATE_TIME).format(date);
  return (
    <time dateTime={iso} title={full} className={className}>
      {timeAgo(iso, Date.now(), lang)}
    </time>
  );
}
