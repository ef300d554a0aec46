import { lazy } from 'react';

const AreaAlerts = lazy(() => import('./AreaAlerts'));
const Reports = lazy(() => import('./Reports'));
const PAGES = { alerts: AreaAlerts, reports: Reports } as const;

/**
 * Pages added after the first paint reached its budget: App.tsx lazy-loads this once for all of them
 * (each lazy route costs the first paint's route table its import), and this loads the page asked for.
 */
export default function ExtraPage({ page }: { page: keyof typeof PAGES }) {
  const Page = PAGES[page];
  return <Page />;
}
