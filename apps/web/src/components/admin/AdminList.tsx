import { useEffect, useId, useState, type ReactNode } from 'react';
import { ADMIN_UI } from '@civicpulse/shared';
import { EmptyState } from '../EmptyState';
import { errorMessage } from '../../api/client';
import toast from '../../toast';
import { useLocalized, useTranslation } from '../../i18n';
import { formatDate as formatInLanguage } from '../../i18n/format';

/** A search box that reports its text after the person stops typing (300 ms), so each key press is not a request. */
export function SearchBox({ label, value, onChange }: { label: string; value: string; onChange: (text: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text), 300);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input id={id} type="search" className="field-input" value={text} maxLength={100} onChange={(e) => setText(e.target.value)} />
    </div>
  );
}

export function SelectFilter<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T | null;
  options: Array<{ value: T; label: string }>;
  onChange: (value: T | null) => void;
}) {
  const id = useId();
  const ui = useLocalized(ADMIN_UI);
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select id={id} className="field-input" value={value ?? ''} onChange={(e) => onChange((e.target.value || null) as T | null)}>
        <option value="">{ui.all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function Toolbar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section aria-label={label} className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-3 sm:items-end">
      {children}
    </section>
  );
}

export interface ListStateProps {
  pending: boolean;
  error: boolean;
  empty: boolean;
  errorTitle: string;
  emptyText: string;
  onRetry: () => void;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  children: ReactNode;
}

/** The parts of ListState an infinite query answers. */
export function queryListProps(query: {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}): Pick<ListStateProps, 'pending' | 'error' | 'onRetry' | 'hasMore' | 'loadingMore' | 'onMore'> {
  return {
    pending: query.isPending,
    error: query.isError,
    onRetry: () => void query.refetch(),
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    onMore: () => void query.fetchNextPage(),
  };
}

/**
 * Runs one admin write and toasts its outcome (spec 8: the server's message, or the screen's
 * fallback texts); `done` runs after either (closing a dialog).
 */
export function runWrite<V>(
  mutation: { mutate: (v: V, o: { onSuccess: (a: { message: string }) => void; onError: (e: unknown) => void }) => void },
  variables: V,
  texts: { success: string; failure: string },
  done?: (ok: boolean) => void,
): void {
  mutation.mutate(variables, {
    onSuccess: (answer) => {
      toast.success(answer.message || texts.success);
      done?.(true);
    },
    onError: (error) => {
      toast.error(errorMessage(error, texts.failure));
      done?.(false);
    },
  });
}

/** Loading, error (with Try again), empty and "Load more" around a list. */
export function ListState({ pending, error, empty, errorTitle, emptyText, onRetry, hasMore, loadingMore, onMore, children }: ListStateProps) {
  const ui = useLocalized(ADMIN_UI);
  const { t } = useTranslation('admin');
  if (pending) {
    return (
      <div role="status" aria-live="polite" className="space-y-3" aria-label={t('list.loading')}>
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-20 animate-pulse rounded-2xl bg-slate-200/70" />
        ))}
      </div>
    );
  }
  if (error) {
    return (
      <EmptyState title={errorTitle}>
        <button type="button" className="btn-secondary mt-3" onClick={onRetry}>
          {ui.retry}
        </button>
      </EmptyState>
    );
  }
  if (empty) return <EmptyState>{emptyText}</EmptyState>;
  return (
    <>
      {children}
      {hasMore && (
        <div className="mt-6 flex justify-center">
          <button type="button" className="btn-secondary" onClick={onMore} disabled={loadingMore}>
            {loadingMore ? ui.loadingMore : ui.loadMore}
          </button>
        </div>
      )}
    </>
  );
}

export function ScreenHeading({ title, intro }: { title: string; intro: string }) {
  return (
    <>
      <h1 id="screen-title" className="text-2xl font-bold text-slate-900">
        {title}
      </h1>
      <p className="mt-1 max-w-2xl text-sm text-slate-700">{intro}</p>
    </>
  );
}

/** A day as "5 Mar 2025" (en-IN) / "5 मार्च 2025" (hi-IN), in the current language. */
export function formatDate(iso: string): string {
  return formatInLanguage(iso, { day: 'numeric', month: 'short', year: 'numeric' });
}
