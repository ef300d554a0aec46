/**
 * The admin home's charts (Recharts), in their own chunk: loaded only on the admin home, never on a
 * citizen's page. Each chart has its figures as a visually hidden table too, for screen readers.
 */
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ADMIN_UI, formatHours, progressLabel, type AdminStats } from '@civicpulse/shared';
import type { ReactNode } from 'react';

const BRAND = '#1d4ed8';
const GREEN = '#15803d';
const AMBER = '#b45309';

function Figure({ title, children, table }: { title: string; children: ReactNode; table: ReactNode }) {
  return (
    <figure className="card p-4">
      <figcaption className="text-sm font-semibold text-slate-900">{title}</figcaption>
      <div className="mt-3 h-64" aria-hidden="true">
        {children}
      </div>
      {/* A table ignores the width sr-only sets; its wrapper does not. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          {table}
        </table>
      </div>
    </figure>
  );
}

const shortDay = (day: string) => new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

export default function AdminCharts({ stats }: { stats: AdminStats }) {
  const states = stats.byState.slice(0, 12);
  const departments = stats.byDepartment
    .filter((d) => d.takeOver.count > 0 || d.finish.count > 0)
    .slice(0, 10)
    .map((d) => ({ name: d.authorityName.length > 18 ? `${d.authorityName.slice(0, 17)}…` : d.authorityName, take: d.takeOver.medianHours, finish: d.finish.medianHours }));
  const progress = stats.byProgress.map((p) => ({ name: progressLabel(p.progressState), count: p.count }));
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="admin-charts">
      <div className="lg:col-span-2">
        <Figure
          title={ADMIN_UI.reportsPerDay}
          table={
            <tbody>
              {stats.perDay.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{d.day}</th>
                  <td>{d.reported}</td>
                  <td>{d.resolved}</td>
                </tr>
              ))}
            </tbody>
          }
        >
          <ResponsiveContainer width="100%" height="100%">
            <LineChart accessibilityLayer={false} data={stats.perDay} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={24} fontSize={12} />
              <YAxis allowDecimals={false} fontSize={12} />
              <Tooltip labelFormatter={(d) => shortDay(String(d))} />
              <Legend />
              <Line type="monotone" dataKey="reported" name={ADMIN_UI.reported} stroke={BRAND} dot={false} strokeWidth={2} isAnimationActive={false} />
              <Line type="monotone" dataKey="resolved" name={ADMIN_UI.resolvedSeries} stroke={GREEN} dot={false} strokeWidth={2} isAnimationActive={false} />
            </LineChart>
          </ResponsiveContainer>
        </Figure>
      </div>
      <Figure
        title={ADMIN_UI.byState}
        table={
          <tbody>
            {states.map((s) => (
              <tr key={s.state}>
                <th scope="row">{s.state}</th>
                <td>{s.count}</td>
              </tr>
            ))}
          </tbody>
        }
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={states} layout="vertical" margin={{ top: 0, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis type="number" allowDecimals={false} fontSize={12} />
            <YAxis type="category" dataKey="state" width={110} fontSize={11} />
            <Tooltip />
            <Bar dataKey="count" name={ADMIN_UI.statCards.posts} fill={BRAND} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </Figure>
      <Figure
        title={ADMIN_UI.byProgress}
        table={
          <tbody>
            {progress.map((p) => (
              <tr key={p.name}>
                <th scope="row">{p.name}</th>
                <td>{p.count}</td>
              </tr>
            ))}
          </tbody>
        }
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={progress} layout="vertical" margin={{ top: 0, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis type="number" allowDecimals={false} fontSize={12} />
            <YAxis type="category" dataKey="name" width={130} fontSize={11} />
            <Tooltip />
            <Bar dataKey="count" name={ADMIN_UI.statCards.posts} fill={AMBER} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </Figure>
      <div className="lg:col-span-2">
        <Figure
          title={ADMIN_UI.timeToResolve}
          table={
            <tbody>
              {departments.map((d) => (
                <tr key={d.name}>
                  <th scope="row">{d.name}</th>
                  <td>{formatHours(d.take)}</td>
                  <td>{formatHours(d.finish)}</td>
                </tr>
              ))}
            </tbody>
          }
        >
          {departments.length === 0 ? (
            <p className="grid h-full place-items-center text-sm text-slate-600">{ADMIN_UI.noData}</p>
          ) : (
            <ResponsiveContainer width="100%" height="100%">
              <BarChart accessibilityLayer={false} data={departments} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                <XAxis dataKey="name" fontSize={11} interval={0} />
                <YAxis fontSize={12} width={64} tickFormatter={(v: number) => formatHours(v)} />
                <Tooltip formatter={(v) => formatHours(typeof v === 'number' ? v : null)} />
                <Legend />
                <Bar dataKey="take" name={ADMIN_UI.takeOver} fill={BRAND} isAnimationActive={false} />
                <Bar dataKey="finish" name={ADMIN_UI.finish} fill={GREEN} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          )}
        </Figure>
      </div>
    </div>
  );
}
