import { useEffect } from 'react';
import { pageTitle } from '@civicpulse/shared';

/**
 * Names the browser tab after the screen ("My Issues · CivicPulse"), so tabs, history and screen
 * readers announcing a navigation tell screens apart. Every route file calls it once.
 */
export function usePageTitle(screen?: string): void {
  const title = pageTitle(screen);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
