export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]?.[0], parts[parts.length - 1]?.[0]] : [parts[0]?.[0], parts[0]?.[1]];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}

export function Avatar({ name, photo, size = 'h-9 w-9' }: { name: string; photo?: string | null; size?: string }) {
  if (photo) {
    return <img src={photo} alt="" className={`${size} rounded-full object-cover ring-2 ring-white`} />;
  }
  return (
    <span
      aria-hidden="true"
      // A size that names its own text size (a large avatar) keeps it.
      className={`${size} inline-flex items-center justify-center rounded-full bg-brand-700 ${size.includes('text-') ? '' : 'text-sm'} font-semibold text-white ring-2 ring-white`}
    >
      {initialsOf(name)}
    </span>
  );
}
