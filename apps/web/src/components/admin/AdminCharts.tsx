/**
 * The admin home's charts (Recharts), in their own chunk: loaded only on the admin home, never on a
 * citizen's page. Each chart has its figures as a visually hidden table too, for screen readers.
 */
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Text, Tooltip, XAxis, YAxis, type YAxisTickContentProps } from 'recharts';
import { ADMIN_UI, durationTicks, NAMES, type AdminStats } from '@civicpulse/shared';
import { useState, type ReactNode } from 'react';
import { useLocalized } from '../../i18n';
import { useFormat } from '../../i18n/format';

const BRAND = '#1d4ed8';
const GREEN = '#15803d';
const AMBER = '#b45309';

/**
 * A name beside its bars (a department, a state): wrapped to two lines within the axis's width and
 * cut with "…" past that (Recharts measures the text), so a long name never runs into the next row.
 * The whole name is the tick's tooltip, and the chart's table (read by screen readers) has it.
 */
function RowName({ x, y, width, payload, fill, textAnchor, verticalAnchor }: YAxisTickContentProps) {
  const name = String(payload.value);
  // Recharts measures the text with the style's font size, copied onto an HTML span: it needs the unit.
  return (
    <g>
      <title>{name}</title>
      <Text x={x} y={y} width={Math.max(40, Number(width) - 12)} maxLines={2} textAnchor={textAnchor} verticalAnchor={verticalAnchor} fill={fill} fontSize={11} style={{ fontSize: '11px' }}>
        {name}
      </Text>
    </g>
  );
}

/** The duration chart's height: a row of two bars per department, so every name has its own row. */
const durationChartHeight = (departments: number) => 72 + 44 * Math.max(1, departments);
/** The state chart's height: the usual 256 px, taller past seven states so each keeps a named row of 30 px. */
const stateChartHeight = (states: number) => Math.max(256, 46 + 30 * states);
/** The names' column: 130 px on a phone, up to a quarter of a wider chart (240 px at most). */
const nameColumn = (chartWidth: number) => Math.round(Math.min(240, Math.max(130, chartWidth / 4)));

function Figure({ title, children, table, height }: { title: string; children: ReactNode; table: ReactNode; height?: number }) {
  return (
    <figure className="card p-4">
      <figcaption className="text-sm font-semibold text-slate-900">{title}</figcaption>
      <div className={height === undefined ? 'mt-3 h-64' : 'mt-3'} style={height === undefined ? undefined : { height }} aria-hidden="true">
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

export default function AdminCharts({ stats }: { stats: AdminStats }) {
  const ui = useLocalized(ADMIN_UI);
  const names = useLocalized(NAMES);
  const { number, date } = useFormat();
  const utcDay = (day: string, options: Intl.DateTimeFormatOptions) => date(`${day}T00:00:00Z`, { ...options, timeZone: 'UTC' });
  const shortDay = (day: string) => utcDay(day, { day: 'numeric', month: 'short' });
  const count = (v: unknown) => (typeof v === 'number' ? number(v) : String(v ?? ''));
  const states = stats.byState.slice(0, 12).map((s) => ({ ...s, name: (names.states as Record<string, string>)[s.state] ?? s.state }));
  const departments = stats.byDepartment
    .filter((d) => d.takeOver.count > 0 || d.finish.count > 0)
    .slice(0, 10)
    .map((d) => ({ id: d._id, name: d.authorityName, take: d.takeOver.medianHours, finish: d.finish.medianHours }));
  // Round steps (whole minutes, hours, days) so no two ticks read the same.
  const durationAxis = durationTicks(Math.max(0, ...departments.flatMap((d) => [d.take ?? 0, d.finish ?? 0])));
  const [durationWidth, setDurationWidth] = useState(0);
  const progress = stats.byProgress.map((p) => ({ name: names.progress[p.progressState], count: p.count }));
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="admin-charts">
      <div className="lg:col-span-2">
        <Figure
          title={ui.reportsPerDay}
          table={
            <tbody>
              {stats.perDay.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{utcDay(d.day, { day: 'numeric', month: 'short', year: 'numeric' })}</th>
                  <td>{number(d.reported)}</td>
                  <td>{number(d.resolved)}</td>
                </tr>
              ))}
            </tbody>
          }
        >
          <ResponsiveContainer width="100%" height="100%">
            <LineChart accessibilityLayer={false} data={stats.perDay} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={24} fontSize={12} />
              <YAxis allowDecimals={false} fontSize={12} tickFormatter={count} />
              <Tooltip labelFormatter={(d) => shortDay(String(d))} formatter={count} />
              {/* In the series' order: Recharts sorts a legend by name by default, which differs between languages. */}
              <Legend itemSorter={null} />
              <Line type="monotone" dataKey="reported" name={ui.reported} stroke={BRAND} dot={false} strokeWidth={2} isAnimationActive={false} />
              <Line type="monotone" dataKey="resolved" name={ui.resolvedSeries} stroke={GREEN} dot={false} strokeWidth={2} isAnimationActive={false} />
            </LineChart>
          </ResponsiveContainer>
        </Figure>
      </div>
      <Figure
        title={ui.byState}
        height={stateChartHeight(states.length)}
        table={
          <tbody>
            {states.map((s) => (
              <tr key={s.state}>
                <th scope="row">{s.name}</th>
                <td>{number(s.count)}</td>
              </tr>
            ))}
          </tbody>
        }
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={states} layout="vertical" margin={{ top: 0, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis type="number" allowDecimals={false} fontSize={12} tickFormatter={count} />
            <YAxis type="category" dataKey="name" width={110} interval={0} tick={RowName} />
            <Tooltip formatter={count} />
            <Bar dataKey="count" name={ui.statCards.posts} fill={BRAND} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </Figure>
      <Figure
        title={ui.byProgress}
        table={
          <tbody>
            {progress.map((p) => (
              <tr key={p.name}>
                <th scope="row">{p.name}</th>
                <td>{number(p.count)}</td>
              </tr>
            ))}
          </tbody>
        }
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={progress} layout="vertical" margin={{ top: 0, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis type="number" allowDecimals={false} fontSize={12} tickFormatter={count} />
            <YAxis type="category" dataKey="name" width={130} fontSize={11} />
            <Tooltip formatter={count} />
            <Bar dataKey="count" name={ui.statCards.posts} fill={AMBER} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </Figure>
      <div className="lg:col-span-2">
        <Figure
          title={ui.timeToResolve}
          height={durationChartHeight(departments.length)}
          table={
            <tbody>
              {departments.map((d) => (
                <tr key={d.id}>
                  <th scope="row">{d.name}</th>
                  <td>{ui.hours(d.take)}</td>
                  <td>{ui.hours(d.finish)}</td>
                </tr>
              ))}
            </tbody>
          }
        >
          {departments.length === 0 ? (
            <p className="grid h-full place-items-center text-sm text-slate-600">{ui.noData}</p>
          ) : (
            <ResponsiveContainer width="100%" height="100%" onResize={(width) => setDurationWidth(width)}>
              <BarChart accessibilityLayer={false} data={departments} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 8 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                <XAxis type="number" fontSize={12} ticks={durationAxis} domain={[0, durationAxis[durationAxis.length - 1]!]} tickFormatter={(v: number) => ui.hours(v)} />
                <YAxis type="category" dataKey="name" width={nameColumn(durationWidth)} interval={0} tick={RowName} />
                <Tooltip formatter={(v) => ui.hours(typeof v === 'number' ? v : null)} />
                <Legend itemSorter={null} />
                <Bar dataKey="take" name={ui.takeOver} fill={BRAND} isAnimationActive={false} />
                <Bar dataKey="finish" name={ui.finish} fill={GREEN} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          )}
        </Figure>
      </div>
    </div>
  );
}
