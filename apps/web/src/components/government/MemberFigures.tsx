import { useEffect, useId, useRef, useState } from 'react';
import { ADMIN_UI, GOV_UI } from '@civicpulse/shared';
import { errorMessage } from '../../api/client';
import { useTeamMetrics } from '../../api/team';
import { useLocalized, useTranslation } from '../../i18n';
import { useFormat } from '../../i18n/format';

const CELL = 'px-3 py-2 text-right tabular-nums whitespace-nowrap';
const HEAD = 'px-3 py-2 text-right font-semibold whitespace-nowrap';
/** The member column stays in view while the figures scroll sideways on a phone (then a line marks its edge). */
const STICKY = 'sticky left-0 z-10 bg-white text-left';
const EDGE = 'shadow-[inset_-1px_0_0_#cbd5e1]';

/** Whether the element's content is wider than the element (the table scrolls sideways), kept up to date once `ready` (rendered). */
function useOverflows<E extends HTMLElement>(ready: boolean) {
  const ref = useRef<E>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const node = ref.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(node.scrollWidth > node.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    if (node.firstElementChild) observer.observe(node.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [ready]);
  return { ref, overflows };
}

/**
 * The Team page's "Figures per member": reports taken over, confirmed fixed, the median time from report
 * to confirmed fix (the shared hours format: min / h / days, '—' before the first), fixes the reporter
 * rejected and open reports assigned now. A real table (caption, column and row headers); on a phone it
 * scrolls sideways inside its own focusable wrapper, never the page.
 */
export function MemberFigures() {
  const headingId = useId();
  const captionId = useId();
  const { t } = useTranslation('gov');
  const { hours } = useLocalized(ADMIN_UI);
  const gov = useLocalized(GOV_UI);
  const { number } = useFormat();
  const metrics = useTeamMetrics();
  const scroller = useOverflows<HTMLDivElement>(metrics.isSuccess);
  const sticky = scroller.overflows ? `${STICKY} ${EDGE}` : STICKY;

  let body;
  if (metrics.isPending) {
    body = <div role="status" aria-label={t('figures.loading')} className="h-28 animate-pulse rounded-xl bg-slate-200/70" />;
  } else if (metrics.isError) {
    body = (
      <div className="text-sm text-slate-700">
        <p className="font-medium text-slate-900">{t('figures.loadFailed')}</p>
        <p className="mt-1">{errorMessage(metrics.error, '')}</p>
        <button type="button" className="btn-secondary mt-3" onClick={() => void metrics.refetch()}>
          {gov.retry}
        </button>
      </div>
    );
  } else {
    body = (
      <>
        {/* Focusable, so a keyboard can scroll it on a phone; named by the caption. */}
        <div ref={scroller.ref} role="region" aria-labelledby={captionId} tabIndex={0} className="overflow-x-auto rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700" data-testid="member-figures-scroll">
          <table className="w-full min-w-[38rem] text-left text-sm" data-testid="member-figures">
            <caption id={captionId} className="sr-only">
              {t('figures.caption')}
            </caption>
            <thead className="border-b border-slate-200 text-xs text-slate-600">
              <tr>
                <th scope="col" className={`${sticky} py-2 pr-3 font-semibold`}>
                  {t('figures.member')}
                </th>
                <th scope="col" className={HEAD}>
                  {t('figures.taken')}
                </th>
                <th scope="col" className={HEAD}>
                  {t('figures.resolved')}
                </th>
                <th scope="col" className={HEAD}>
                  {t('figures.median')}
                </th>
                <th scope="col" className={HEAD}>
                  {t('figures.rejected')}
                </th>
                <th scope="col" className={`${HEAD} pr-0`}>
                  {t('figures.open')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {metrics.data.members.map((m) => (
                <tr key={m._id} data-testid="member-figures-row" data-member-id={m._id}>
                  <th scope="row" className={`${sticky} py-2 pr-3 font-medium text-slate-900`}>
                    {/* A least width, so a long name takes a few lines rather than one word a line; the figures beside it never wrap. */}
                    <span className="block min-w-[8.5rem] break-words">{m.name}</span>
                  </th>
                  <td className={CELL}>{number(m.taken)}</td>
                  <td className={CELL}>{number(m.resolved)}</td>
                  <td className={CELL}>{hours(m.medianHours)}</td>
                  <td className={CELL}>{number(m.rejectedFixes)}</td>
                  <td className={`${CELL} pr-0`}>{number(m.openAssigned)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {scroller.overflows && (
          <p className="mt-2 text-xs text-slate-600" data-testid="member-figures-scroll-hint">
            {t('figures.scrollHint')}
          </p>
        )}
        <p className="mt-3 text-xs leading-5 text-slate-600">{t('figures.note')}</p>
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className="card p-4 sm:p-6" data-testid="member-figures-card">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('figures.heading')}
      </h2>
      <div className="mt-4">{body}</div>
    </section>
  );
}
