/**
 * The line between the first paint and what can wait: code a screen does not show at first (the footer
 * below the fold, the phone menu's panel, the toasts, the live connection) loads once the page has
 * loaded and painted, so the first paint fetches none of it.
 */
import { useEffect, useState } from 'react';

function loaded(): boolean {
  return typeof document === 'undefined' || document.readyState === 'complete';
}

/** Resolves once the page has loaded (at once if it already has). */
export function afterPageLoad(): Promise<void> {
  if (loaded()) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/**
 * Resolves once the page has loaded and the frame being drawn now is on screen (a task after the next
 * animation frame; a hidden tab, which draws no frames, waits at most a second).
 */
export function afterFirstPaint(): Promise<void> {
  return afterPageLoad().then(
    () =>
      new Promise<void>((resolve) => {
        const done = () => window.setTimeout(resolve, 0);
        const fallback = window.setTimeout(resolve, 1000);
        requestAnimationFrame(() => {
          window.clearTimeout(fallback);
          done();
        });
      }),
  );
}

/** False on the first render, true once the page has loaded and painted. */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let current = true;
    void afterFirstPaint().then(() => {
      if (current) setPainted(true);
    });
    return () => {
      current = false;
    };
  }, []);
  return painted;
}
