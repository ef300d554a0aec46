import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { DASHBOARD_PATH, ADMIN_TEXTS, ADMIN_UI, NAMES, OPEN311_ADMIN_TEXTS, SERVICE_LEVEL_TEXTS, TEAM_UI, MODERATION_UI, type AdminStats } from '@civicpulse/shared';
import { ShortcutGrid, WelcomeBanner } from '../Banner';
import { usePageTitle } from '../../../components/usePageTitle';
import { fetchPrivateFile, saveBlob, useAdminStats } from '../../../api/admin';
import { errorMessage } from '../../../api/client';
import toast from '../../../toast';
import { localized, useLocalized, useTranslation } from '../../../i18n';
import { useFormat } from '../../../i18n/format';

// Recharts and Leaflet load only here, after the figures: the citizen's pages never carry them.
const AdminCharts = lazy(() => import('../../../components/admin/AdminCharts'));
const HeatmapLeaflet = lazy(() => import('../../../components/admin/HeatmapLeaflet'));

const a = DASHBOARD_PATH.admin;
function StatCards({ stats }: { stats: AdminStats }) {
  const ui = useLocalized(ADMIN_UI);
  const { number } = useFormat();
  const cards: Array<[string, number]> = [
    [ui.statCards.posts, stats.totals.posts],
    [ui.statCards.open, stats.totals.open],
    [ui.statCards.resolved, stats.totals.resolved],
    [ui.statCards.users, stats.totals.users],
    [ui.statCards.governments, stats.totals.governments],
    [ui.statCards.pendingGovernments, stats.totals.pendingGovernments],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6" data-testid="admin-stat-cards">
      {cards.map(([label, value]) => (
        <div key={label} className="card p-4">
          <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900">{number(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A card of the admin home with its small heading. */
function Panel({ titleId, title, children }: { titleId: string; title: string; children: ReactNode }) {
  return (
    <section className="card p-4" aria-labelledby={titleId}>
      <h2 id={titleId} className="text-sm font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function StalePanel({ stats }: { stats: AdminStats }) {
  const ui = useLocalized(ADMIN_UI);
  const names = useLocalized(NAMES);
  const { number } = useFormat();
  return (
    <Panel titleId="stale-title" title={ui.stale}>
      <table className="mt-2 w-full text-sm">
        <thead>
          <tr className="text-left text-xs text-slate-600">
            <th scope="col" className="py-1">{ui.priority}</th>
            <th scope="col" className="py-1 text-right">{ui.over7}</th>
            <th scope="col" className="py-1 text-right">{ui.over30}</th>
          </tr>
        </thead>
        <tbody>
          {stats.stale.map((s) => (
            <tr key={s.priority} className="border-t border-slate-100">
              <th scope="row" className="py-1 text-left font-medium text-slate-800">{names.priorities[s.priority]}</th>
              <td className="py-1 text-right">{number(s.over7Days)}</td>
              <td className="py-1 text-right">{number(s.over30Days)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-xs text-slate-600">{ui.overallTimes(stats.timeToTakeOver.medianHours, stats.timeToFinish.medianHours)}</p>
    </Panel>
  );
}

function TopDepartments({ stats }: { stats: AdminStats }) {
  const ui = useLocalized(ADMIN_UI);
  const { number } = useFormat();
  return (
    <Panel titleId="top-title" title={ui.topDepartments}>
      {stats.topDepartments.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{ui.noData}</p>
      ) : (
        <ol className="mt-2 space-y-1 text-sm">
          {stats.topDepartments.map((d) => (
            <li key={d._id} className="flex justify-between gap-2">
              <span className="truncate text-slate-800">{d.authorityName}</span>
              <span className="font-semibold text-slate-900">{number(d.resolvedIssuesCount)}</span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

function ExportButtons() {
  const ui = useLocalized(ADMIN_UI);
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (ext: 'csv' | 'geojson') => {
    setBusy(ext);
    try {
      saveBlob(await fetchPrivateFile(`/api/admin/export.${ext}`), `civicpulse-posts.${ext}`);
    } catch (error) {
      toast.error(errorMessage(error, localized(ADMIN_UI).exportFailed));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className="btn-secondary" disabled={busy !== null} onClick={() => void download('csv')}>
        {busy === 'csv' ? ui.exporting : ui.exportCsv}
      </button>
      <button type="button" className="btn-secondary" disabled={busy !== null} onClick={() => void download('geojson')}>
        {busy === 'geojson' ? ui.exporting : ui.exportGeoJson}
      </button>
    </div>
  );
}

function ChartsFallback() {
  const ui = useLocalized(ADMIN_UI);
  return <div className="h-64 animate-pulse rounded-2xl bg-slate-200/70" role="status" aria-label={ui.chartsLoading} />;
}
const chartsFallback = <ChartsFallback />;

/** The admin home (spec 2.13 'Hello Admin'): the city at a glance, from kept counters. */
export default function AdminHome() {
  const { t } = useTranslation('admin');
  const ui = useLocalized(ADMIN_UI);
  const texts = useLocalized(ADMIN_TEXTS);
  const levels = useLocalized(SERVICE_LEVEL_TEXTS);
  const open311 = useLocalized(OPEN311_ADMIN_TEXTS);
  const team = useLocalized(TEAM_UI);
  const moderation = useLocalized(MODERATION_UI);
  usePageTitle(t('titles.home'));
  const stats = useAdminStats();
  useEffect(() => {
    if (stats.isError) toast.error(errorMessage(stats.error, localized(ADMIN_TEXTS).fetchStatsFailed));
  }, [stats.isError, stats.error]);
  return (
    <div className="space-y-6">
      <WelcomeBanner title={texts.heading}>{ui.homeIntro}</WelcomeBanner>
      <ShortcutGrid
        items={[
          { to: `${a}/managePosts`, title: t('titles.managePosts'), body: t('home.managePostsBody') },
          { to: `${a}/manageUsers`, title: t('titles.manageUsers'), body: t('home.manageUsersBody') },
          { to: `${a}/manageGovernment`, title: t('titles.manageGovernment'), body: t('home.manageGovernmentBody') },
          // Not in the spec's side menu (spec 2.3 lists four entries), so it is reached from here.
          { to: `${a}/auditLog`, title: ui.auditTitle, body: ui.auditIntro },
          { to: `${a}/serviceLevels`, title: levels.heading, body: levels.shortcut },
          { to: `${a}/apiKeys`, title: open311.title, body: open311.intro },
          { to: `${a}/triage`, title: t('titles.triage'), body: team.triageShortcut },
          { to: `${a}/appeals`, title: t('titles.appeals'), body: team.adminAppealsShortcut },
          { to: `${a}/moderation`, title: moderation.heading, body: moderation.intro },
        ]}
      />
      <ExportButtons />
      {stats.isPending ? (
        chartsFallback
      ) : stats.isError ? (
        <p className="text-sm text-red-800">{texts.fetchStatsFailed}</p>
      ) : (
        <>
          <StatCards stats={stats.data} />
          <div className="grid gap-4 md:grid-cols-2">
            <StalePanel stats={stats.data} />
            <TopDepartments stats={stats.data} />
          </div>
          <Suspense fallback={chartsFallback}>
            <AdminCharts stats={stats.data} />
          </Suspense>
        </>
      )}
      <section className="card p-4" aria-labelledby="heatmap-title">
        <h2 id="heatmap-title" className="text-sm font-semibold text-slate-900">
          {ui.heatmap}
        </h2>
        <p className="mt-1 text-xs text-slate-600">{ui.heatmapHint}</p>
        <div className="mt-3 h-96 overflow-hidden rounded-xl border border-slate-200" data-testid="admin-heatmap">
          <Suspense fallback={chartsFallback}>
            <HeatmapLeaflet />
          </Suspense>
        </div>
      </section>
    </div>
  );
}
