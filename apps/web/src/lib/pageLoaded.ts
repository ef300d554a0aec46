/**
 * The line between the first paint and what can wait: code a screen does not show at first (the footer
 * below the fold, the phone menu's panel, the toasts, the offline banner, the live connection, the
 * service worker) loads once the page has loaded and its first contentful paint is on screen, so the
 * first paint fetches none of it. In this app the first contentful paint often comes after the load
 * event (React renders once the screen's code, texts and data are there), so the load event alone is
 * not that line.
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
 * How long a visible tab waits for a first contentful paint that is not reported. A slow phone (or a
 * loaded CI machine) can take longer than 3 s to paint the Hindi feed, and a shorter wait then loads
 * the deferred code before the paint it was deferred for. A hidden tab draws nothing and does not wait.
 */
const PAINT_FALLBACK_MS = 10_000;

/** Whether this browser reports paint timing ('first-contentful-paint' entries). */
function reportsPaints(): boolean {
  try {
    return typeof PerformanceObserver !== 'undefined' && (PerformanceObserver.supportedEntryTypes ?? []).includes('paint');
  } catch {
    return false;
  }
}

/** Resolves in a task after the next animation frame (a hidden tab, which draws no frames, waits at most a second). */
function afterNextFrame(): Promise<void> {
  return new Promise<void>((resolve) => {
    const fallback = window.setTimeout(resolve, 1000);
    requestAnimationFrame(() => {
      window.clearTimeout(fallback);
      window.setTimeout(resolve, 0);
    });
  });
}

let contentfulPaint: Promise<void> | null = null;

/**
 * Resolves once the first contentful paint is on screen (a buffered PerformanceObserver on 'paint'
 * entries, so one already reported counts). Without paint timing, in a hidden tab (which draws
 * nothing), or when none comes within PAINT_FALLBACK_MS, once the page has loaded and drawn a frame.
 */
function firstContentfulPaint(): Promise<void> {
  contentfulPaint ??= new Promise<void>((resolve) => {
    if (!reportsPaints()) {
      void afterPageLoad().then(afterNextFrame).then(resolve);
      return;
    }
    if (performance.getEntriesByName('first-contentful-paint').length) return resolve();
    let observer: PerformanceObserver | null = null;
    const done = () => {
      observer?.disconnect();
      window.clearTimeout(fallback);
      document.removeEventListener('visibilitychange', onHidden);
    };
    const withoutPaint = () => {
      done();
      void afterPageLoad().then(afterNextFrame).then(resolve);
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') withoutPaint();
    };
    const fallback = window.setTimeout(withoutPaint, PAINT_FALLBACK_MS);
    if (document.visibilityState === 'hidden') return withoutPaint();
    document.addEventListener('visibilitychange', onHidden);
    try {
      observer = new PerformanceObserver((list) => {
        if (!list.getEntriesByName('first-contentful-paint').length) return;
        done();
        resolve();
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      // Paint timing refused after all: the fallback decides.
    }
  });
  return contentfulPaint;
}

/**
 * Resolves once the page has loaded and its first contentful paint is on screen (see firstContentfulPaint
 * for browsers and tabs that report none).
 */
export function afterFirstPaint(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  return Promise.all([afterPageLoad(), firstContentfulPaint()]).then(() => undefined);
}

/** False on the first render, true once the page has loaded and its first contentful paint is on screen. */
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
