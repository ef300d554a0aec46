import { useEffect } from 'react';
import { PRODUCT_NAME } from '@civicpulse/shared';
import { useTranslation } from '../i18n';

/**
 * Names the browser tab after the screen ("My Issues · CivicPulse"), so tabs, history and screen
 * readers announcing a navigation tell screens apart. Every route file calls it once, with the screen's
 * name in the current language (`usePageTitle(t('...'))`); the title follows a language switch.
 */
export function usePageTitle(screen?: string): void {
  const { t } = useTranslation('common');
  const title = screen ? t('pageTitle', { screen }) : PRODUCT_NAME;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
