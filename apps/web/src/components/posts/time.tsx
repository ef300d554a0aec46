const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const relative = new Intl.RelativeTimeFormat('en-IN', { numeric: 'auto' });
const absolute = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** "5 minutes ago", "yesterday", "just now". */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (!Number.isFinite(seconds)) return '';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return relative.format(0, 'second');
}

/** A creation time: relative in the text, the full date on hover and for assistive technology. */
export function TimeAgo({ iso, className = '' }: { iso: string; className?: string }) {
  const date = new Date(iso);
  const full = Number.isNaN(date.getTime()) ? iso : absolute.format(date);
  return (
    <time dateTime={iso} title={full} className={className}>
      {timeAgo(iso)}
    </time>
  );
}
