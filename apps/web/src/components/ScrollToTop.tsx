import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Spec 2.1: every navigation scrolls smoothly to the top. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, left: 0, behavior: reduce ? 'auto' : 'smooth' });
  }, [pathname]);
  return null;
}
