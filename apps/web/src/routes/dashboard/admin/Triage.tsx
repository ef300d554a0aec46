import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { TEAM_LIMITS, TEAM_TEXTS, TEXTS, type Post } from '@civicpulse/shared';
import { useTriage, useTriageSend, useVerifiedDepartments } from '../../../api/appeals';
import { ListState, queryListProps, ScreenHeading, SearchBox } from '../../../components/admin/AdminList';
import { SelectField, TextAreaField } from '../../../components/form/Field';
import { CategoryBadge } from '../../../components/posts/Category';
import { PriorityChip } from '../../../components/posts/PriorityChip';
import { useFormProblem } from '../../../components/useFormProblem';
import { usePageTitle } from '../../../components/usePageTitle';
import toast from '../../../toast';
import { localized, useTranslation } from '../../../i18n';
import { useFormat } from '../../../i18n/format';

interface Choice {
  _id: string;
  label: string;
}

/** A department as the choice reads it: its name, and its city when it has one. */
const choiceOf = (g: { _id: string; authorityName: string; city: string | null }): Choice => ({ _id: g._id, label: g.city ? `${g.authorityName} · ${g.city}` : g.authorityName });

/** A report's place in one line: address, city, state and PIN code, the blank parts left out. */
const placeOf = (post: Post) => [post.location.address, post.location.city, post.location.state, post.location.pincode].filter((p) => p && p.trim()).join(', ');

/**
 * One report in the triage queue: what it is and where, then the verified department to send it to
 * (found by name through the admin's list of departments) and the reason everyone concerned reads.
 */
function TriageCard({ post }: { post: Post }) {
  const { t } = useTranslation('admin');
  const { date } = useFormat();
  const headingId = useId();
  const [search, setSearch] = useState('');
  const departments = useVerifiedDepartments(search.trim());
  const [chosen, setChosen] = useState<Choice | null>(null);
  const [reason, setReason] = useState('');
  const problem = useFormProblem<'department' | 'reason'>();
  const send = useTriageSend();
  const onSearch = useCallback((q: string) => setSearch(q), []);

  // The choices the search found, and the one already chosen even when a new search left it out.
  const found = (departments.data ?? []).map(choiceOf);
  const options = chosen && !found.some((c) => c._id === chosen._id) ? [chosen, ...found] : found;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    if (!chosen) return problem.report(t('triage.departmentRequired'), ['department']);
    if (!reason.trim()) return problem.report(localized(TEAM_TEXTS).transferReasonRequired, ['reason']);
    problem.clear();
    send.mutate({ postId: post._id, departmentId: chosen._id, reason: reason.trim() });
  };

  return (
    <article className="card p-4 sm:p-5" aria-labelledby={headingId} data-testid="triage-card" data-post-id={post._id}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-xs font-semibold text-slate-700">{post.reference}</span>
        <PriorityChip priority={post.priority} />
        <CategoryBadge category={post.category} />
      </div>
      <h2 id={headingId} className="mt-2 text-base font-semibold break-words text-slate-900">
        <Link to={`/post/${post._id}`} className="text-brand-800 hover:underline">
          {post.caption}
        </Link>
      </h2>
      <p className="mt-1 text-sm break-words text-slate-700">{placeOf(post)}</p>
      <p className="mt-0.5 text-xs text-slate-600">
        <time dateTime={post.createdAt}>{t('triage.reported', { date: date(post.createdAt, { dateStyle: 'medium' }) })}</time>
      </p>
      <form ref={problem.formRef} className="mt-4 grid gap-3 border-t border-slate-200 pt-4 sm:grid-cols-2" onSubmit={submit} noValidate>
        <SearchBox label={t('triage.searchLabel')} value={search} onChange={onSearch} />
        <SelectField
          label={t('triage.departmentLabel')}
          name="departmentId"
          value={chosen?._id ?? ''}
          emptyLabel={t('triage.chooseDepartment')}
          options={options.map((c) => ({ value: c._id, label: c.label }))}
          problem={problem.field('department')}
          hint={departments.isSuccess && found.length === 0 ? t('triage.noDepartments') : undefined}
          onChange={(id) => {
            setChosen(options.find((c) => c._id === id) ?? null);
            problem.fix('department');
          }}
          disabled={send.isPending}
        />
        <TextAreaField
          label={t('triage.reasonLabel')}
          className="sm:col-span-2"
          name="reason"
          rows={2}
          inputClassName="min-h-20"
          required
          maxLength={TEAM_LIMITS.reasonMaxChars}
          value={reason}
          problem={problem.field('reason')}
          onChange={(e) => {
            setReason(e.target.value);
            problem.fix('reason');
          }}
          disabled={send.isPending}
        />
        <div className="sm:col-span-2 sm:flex sm:justify-end">
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={send.isPending} aria-busy={send.isPending}>
            {send.isPending ? t('triage.sending') : t('triage.send')}
          </button>
        </div>
      </form>
    </article>
  );
}

/**
 * The admins' triage queue (department teams): reports a department handed over because they were not
 * its own and it did not know whose. Each goes on to a verified department with a reason; it then
 * leaves the list (every post write reloads it).
 */
export default function Triage() {
  const { t } = useTranslation('admin');
  usePageTitle(t('titles.triage'));
  const query = useTriage();
  useEffect(() => {
    if (query.isError) toast.error(localized(TEXTS).errors.fetchPosts);
  }, [query.isError]);
  const posts = query.data?.pages.flatMap((p) => p.posts) ?? [];

  return (
    <section aria-labelledby="screen-title" className="max-w-3xl">
      <ScreenHeading title={t('titles.triage')} intro={t('triage.intro')} />
      <div className="mt-6">
        <ListState {...queryListProps(query)} empty={posts.length === 0} errorTitle={t('triage.loadFailed')} emptyText={t('triage.empty')}>
          <ul className="space-y-4" data-testid="admin-triage">
            {posts.map((post) => (
              <li key={post._id}>
                <TriageCard post={post} />
              </li>
            ))}
          </ul>
        </ListState>
      </div>
    </section>
  );
}
