import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** What says the reader moved the page themselves (then the page is theirs, not ours to put back). */
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Spec 2.1: every navigation scrolls smoothly to the top.
 *
 * A smooth scroll can stop short: while it runs, the new screen may still be its loading state, shorter
 * than the old one, and the browser clamps the position and ends the animation there; the screen then
 * grows under a page left part-way down (the CI saw 78 px after Create Civic Issue). So when the scroll
 * ends (`scrollend`, or a second at most) away from the top, and the reader has not scrolled meanwhile,
 * the page goes to the top at once (not for a link to a part of the screen: `#id` scrolls there).
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    // Already at the top (a fresh load, or a screen left at its top): nothing to scroll, and nothing to
    // put back. Watching for the end of a scroll here undid the next one, whoever made it: a reader's, a
    // script's, or a browser test's scroll to a button it was about to click (the page glided back to
    // the top between the press and the release, and the click never happened).
    if (window.scrollY === 0) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    let readerMoved = false;
    const onReader = () => {
      readerMoved = true;
    };
    const settle = () => {
      // A link to a part of the screen (#jurisdiction) scrolls there itself.
      if (!readerMoved && !hash && window.scrollY !== 0) window.scrollTo({ top: 0, left: 0, behavior: 'auto' });
      stop();
    };
    const timer = window.setTimeout(settle, 1000);
    const stop = () => {
      window.clearTimeout(timer);
      window.removeEventListener('scrollend', settle);
      for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, onReader);
    };
    for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, onReader, { passive: true });
    window.addEventListener('scrollend', settle);
    window.scrollTo({ top: 0, left: 0, behavior: reduce ? 'auto' : 'smooth' });
    return stop;
    // The hash read is the navigation's own: a later change of the hash alone does not scroll.
  }, [pathname]);
  return null;
}
