import { SERVICE_LEVEL_TEXTS } from '@civicpulse/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { DASHBOARD_PATH, ADMIN_TEXTS, ADMIN_UI, OPEN311_ADMIN_TEXTS, type AdminStats } from '@civicpulse/shared';
import { ShortcutGrid, WelcomeBanner } from '../Banner';
import { usePageTitle } from '../../../components/usePageTitle';
import { fetchPrivateFile, saveBlob, useAdminStats } from '../../../api/admin';
import { errorMessage } from '../../../api/client';
import toast from '../../../toast';

// Recharts and Leaflet load only here, after the figures: the citizen's pages never carry them.
const AdminCharts = lazy(() => import('../../../components/admin/AdminCharts'));
const HeatmapLeaflet = lazy(() => import('../../../components/admin/HeatmapLeaflet'));

const a = DASHBOARD_PATH.admin;
const number = new Intl.NumberFormat('en-IN');

function StatCards({ stats }: { stats: AdminStats }) {
  const cards: Array<[string, number]> = [
    [ADMIN_UI.statCards.posts, stats.totals.posts],
    [ADMIN_UI.statCards.open, stats.totals.open],
    [ADMIN_UI.statCards.resolved, stats.totals.resolved],
    [ADMIN_UI.statCards.users, stats.totals.users],
    [ADMIN_UI.statCards.governments, stats.totals.governments],
    [ADMIN_UI.statCards.pendingGovernments, stats.totals.pendingGovernments],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6" data-testid="admin-stat-cards">
      {cards.map(([label, value]) => (
        <div key={label} className="card p-4">
          <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900">{number.format(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function StalePanel({ stats }: { stats: AdminStats }) {
  return (
    <section className="card p-4" aria-labelledby="stale-title">
      <h2 id="stale-title" className="text-sm font-semibold text-slate-900">
        {ADMIN_UI.stale}
      </h2>
      <table className="mt-2 w-full text-sm">
        <thead>
          <tr className="text-left text-xs text-slate-600">
            <th scope="col" className="py-1">{ADMIN_UI.priority}</th>
            <th scope="col" className="py-1 text-right">{ADMIN_UI.over7}</th>
            <th scope="col" className="py-1 text-right">{ADMIN_UI.over30}</th>
          </tr>
        </thead>
        <tbody>
          {stats.stale.map((s) => (
            <tr key={s.priority} className="border-t border-slate-100">
              <th scope="row" className="py-1 text-left font-medium text-slate-800">{s.priority}</th>
              <td className="py-1 text-right">{number.format(s.over7Days)}</td>
              <td className="py-1 text-right">{number.format(s.over30Days)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-xs text-slate-600">{ADMIN_UI.overallTimes(stats.timeToTakeOver.medianHours, stats.timeToFinish.medianHours)}</p>
    </section>
  );
}

function TopDepartments({ stats }: { stats: AdminStats }) {
  return (
    <section className="card p-4" aria-labelledby="top-title">
      <h2 id="top-title" className="text-sm font-semibold text-slate-900">
        {ADMIN_UI.topDepartments}
      </h2>
      {stats.topDepartments.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{ADMIN_UI.noData}</p>
      ) : (
        <ol className="mt-2 space-y-1 text-sm">
          {stats.topDepartments.map((d) => (
            <li key={d._id} className="flex justify-between gap-2">
              <span className="truncate text-slate-800">{d.authorityName}</span>
              <span className="font-semibold text-slate-900">{number.format(d.resolvedIssuesCount)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function ExportButtons() {
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (ext: 'csv' | 'geojson') => {
    setBusy(ext);
    try {
      saveBlob(await fetchPrivateFile(`/api/admin/export.${ext}`), `civicpulse-posts.${ext}`);
    } catch (error) {
      toast.error(errorMessage(error, ADMIN_UI.exportFailed));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className="btn-secondary" disabled={busy !== null} onClick={() => void download('csv')}>
        {busy === 'csv' ? ADMIN_UI.exporting : ADMIN_UI.exportCsv}
      </button>
      <button type="button" className="btn-secondary" disabled={busy !== null} onClick={() => void download('geojson')}>
        {busy === 'geojson' ? ADMIN_UI.exporting : ADMIN_UI.exportGeoJson}
      </button>
    </div>
  );
}

const chartsFallback = <div className="h-64 animate-pulse rounded-2xl bg-slate-200/70" role="status" aria-label={ADMIN_UI.chartsLoading} />;

/** The admin home (spec 2.13 'Hello Admin'): the city at a glance, from kept counters. */
export default function AdminHome() {
  usePageTitle('Admin Panel');
  const stats = useAdminStats();
  useEffect(() => {
    if (stats.isError) toast.error(errorMessage(stats.error, ADMIN_TEXTS.fetchStatsFailed));
  }, [stats.isError, stats.error]);
  return (
    <div className="space-y-6">
      <WelcomeBanner title={ADMIN_TEXTS.heading}>{ADMIN_UI.homeIntro}</WelcomeBanner>
      <ShortcutGrid
        items={[
          { to: `${a}/managePosts`, title: 'Manage Posts', body: 'Review and remove posts, comments and replies.' },
          { to: `${a}/manageUsers`, title: 'Manage Users', body: 'List and remove accounts.' },
          { to: `${a}/manageGovernment`, title: 'Manage Government', body: 'Verify, revoke or remove government accounts.' },
          // Not in the spec's side menu (spec 2.3 lists four entries), so it is reached from here.
          { to: `${a}/auditLog`, title: ADMIN_UI.auditTitle, body: ADMIN_UI.auditIntro },
          { to: `${a}/serviceLevels`, title: SERVICE_LEVEL_TEXTS.heading, body: SERVICE_LEVEL_TEXTS.shortcut },
          { to: `${a}/apiKeys`, title: OPEN311_ADMIN_TEXTS.title, body: OPEN311_ADMIN_TEXTS.intro },
        ]}
      />
      <ExportButtons />
      {stats.isPending ? (
        chartsFallback
      ) : stats.isError ? (
        <p className="text-sm text-red-800">{ADMIN_TEXTS.fetchStatsFailed}</p>
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
          {ADMIN_UI.heatmap}
        </h2>
        <p className="mt-1 text-xs text-slate-600">{ADMIN_UI.heatmapHint}</p>
        <div className="mt-3 h-96 overflow-hidden rounded-xl border border-slate-200" data-testid="admin-heatmap">
          <Suspense fallback={chartsFallback}>
            <HeatmapLeaflet />
          </Suspense>
        </div>
      </section>
    </div>
  );
}
