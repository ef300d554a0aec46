import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { ASSISTANT_BUTTON_TEXTS } from '@civicpulse/shared';
import { useSession } from '../../session/useSession';
import { textsReady, useLocalized } from '../../i18n';

// The panel is its own chunk, fetched when a visitor shows interest (pointer over or focus on the
// button) or clicks: the button is all that every page's first paint carries.
// It waits for the shared texts' full set in the current language too (the suggestions are not in the
// first paint's part), so it never shows English in Hindi.
const loadPanel = () => Promise.all([import('./AssistantPanel'), textsReady()]).then(([module]) => module);
const AssistantPanel = lazy(loadPanel);
const prefetch = () => void loadPanel().catch(() => undefined);

const ICON = (
  <svg viewBox="0 0 24 24" className="h-6 w-6 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4h0A1.5 1.5 0 0 1 4 14.5v-9ZM8.5 9.5h.01M12 9.5h.01M15.5 9.5h.01" />
  </svg>
);

/**
 * The 'Ask CivicPulse AI' button of every page (spec 2.15) and the panel it opens. It is rendered in
 * the sticky header, so it stays on screen, and it never covers a control of the page:
 * - from 1280 px it floats at the bottom right, in the margin the 72rem-wide content leaves free
 *   (a 44 px circle: it fits beside the content even with a classic 15 px scrollbar);
 * - narrower, no margin is free (a floating button there sat over Community Chat's Send button, cards
 *   and settings), so it is a round button in the header bar instead.
 * The floating one and the panel are put into <body>: the header's backdrop filter would otherwise
 * make the header their box. The panel stays mounted once opened, so the conversation survives closing
 * and reopening it; it starts afresh when the signed-in account changes (an answer about one's own
 * reports is not left for the next person on the same browser).
 */
export function AssistantLauncher() {
  const t = useLocalized(ASSISTANT_BUTTON_TEXTS);
  const session = useSession();
  const panelId = useId();
  const inHeader = useRef<HTMLButtonElement>(null);
  const floating = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  // The floating button makes way for the panel once the panel is on screen, not while its code loads.
  const [ready, setReady] = useState(false);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (!open && returnFocus.current) {
      returnFocus.current = false;
      // Whichever of the two is shown at this width.
      [inHeader.current, floating.current].find((b) => b && b.getClientRects().length > 0)?.focus();
    }
  }, [open]);

  const close = useCallback(() => {
    returnFocus.current = true;
    setOpen(false);
  }, []);
  const onReady = useCallback(() => setReady(true), []);

  const props = {
    type: 'button' as const,
    title: t.button,
    'aria-label': t.button,
    'aria-expanded': open,
    'aria-controls': mounted ? panelId : undefined,
    onPointerEnter: prefetch,
    onFocus: prefetch,
    onClick: () => {
      if (open) return close();
      setMounted(true);
      setOpen(true);
    },
  };

  return (
    <>
      <button
        {...props}
        ref={inHeader}
        className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white hover:bg-brand-800 xl:hidden"
      >
        {ICON}
      </button>
      {createPortal(
        <>
          <button
            {...props}
            ref={floating}
            hidden={open && ready}
            className="fixed right-2 bottom-6 z-30 hidden h-11 w-11 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg shadow-slate-900/20 transition-colors hover:bg-brand-800 xl:inline-flex print:hidden"
          >
            {ICON}
          </button>
          {mounted && (
            <Suspense fallback={null}>
              <AssistantPanel key={session.id || 'guest'} id={panelId} open={open} onClose={close} onReady={onReady} />
            </Suspense>
          )}
        </>,
        document.body,
      )}
    </>
  );
}
