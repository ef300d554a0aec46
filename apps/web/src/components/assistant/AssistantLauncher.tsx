import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { ASSISTANT_TEXTS } from '@civicpulse/shared';
import { useSession } from '../../session/useSession';
import { useLocalized } from '../../i18n';

// The panel is its own chunk, fetched when a visitor shows interest (pointer over or focus on the
// button) or clicks: the floating button is all that every page's first paint carries.
const loadPanel = () => import('./AssistantPanel');
const AssistantPanel = lazy(loadPanel);
const prefetch = () => void loadPanel().catch(() => undefined);

/**
 * The floating 'Ask CivicPulse AI' button of every page (spec 2.15) and the panel it opens. The
 * panel stays mounted once opened, so the conversation survives closing and reopening it; it starts
 * afresh when the signed-in account changes (an answer about one's own reports is not left for the
 * next person on the same browser).
 */
export function AssistantLauncher() {
  const t = useLocalized(ASSISTANT_TEXTS);
  const session = useSession();
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  // The button makes way for the panel once the panel is on screen, not while its code loads.
  const [ready, setReady] = useState(false);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (!open && returnFocus.current) {
      returnFocus.current = false;
      button.current?.focus();
    }
  }, [open]);

  const close = useCallback(() => {
    returnFocus.current = true;
    setOpen(false);
  }, []);
  const onReady = useCallback(() => setReady(true), []);

  return (
    <>
      <button
        ref={button}
        type="button"
        title={t.button}
        aria-label={t.button}
        aria-expanded={open}
        aria-controls={mounted ? panelId : undefined}
        hidden={open && ready}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
        className="fixed right-4 bottom-4 z-30 inline-flex h-14 w-14 items-center justify-center gap-2 rounded-full bg-brand-700 text-white shadow-lg shadow-slate-900/20 transition-colors hover:bg-brand-800 lg:right-6 lg:bottom-6 lg:w-auto lg:px-5"
      >
        <svg viewBox="0 0 24 24" className="h-6 w-6 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4h0A1.5 1.5 0 0 1 4 14.5v-9ZM8.5 9.5h.01M12 9.5h.01M15.5 9.5h.01" />
        </svg>
        <span className="hidden text-sm font-semibold lg:inline">{t.button}</span>
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <AssistantPanel key={session.id || 'guest'} id={panelId} open={open} onClose={close} onReady={onReady} />
        </Suspense>
      )}
    </>
  );
}
