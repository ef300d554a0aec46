/** Grey placeholders the size of a card while a list loads, announced as busy. */
export function PostListSkeleton({ label, count = 2 }: { label: string; count?: number }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">{label}</span>
      <div className="space-y-6" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className="card animate-pulse p-4 sm:p-6">
            <div className="h-5 w-2/3 rounded bg-slate-200" />
            <div className="mt-2 h-3 w-24 rounded bg-slate-200" />
            <div className="mt-4 aspect-[16/9] rounded-xl bg-slate-200" />
            <div className="mt-4 h-4 w-1/2 rounded bg-slate-200" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** A small spinner with a label (spec 2.8: "A spinner shows while loading"). */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-12 text-sm text-slate-700">
      <span
        aria-hidden="true"
        className="h-6 w-6 animate-spin rounded-full border-4 border-slate-200 border-t-brand-700 motion-reduce:animate-none"
      />
      <span>{label}</span>
    </div>
  );
}
