import { Link } from 'react-router-dom';
import { PageHeader } from '../components/PageHeader';
import { Icon, type IconName } from '../components/Icon';
import { usePageTitle } from '../components/usePageTitle';

const AUDIENCES: { icon: IconName; title: string; body: string }[] = [
  {
    icon: 'users',
    title: 'Citizens',
    body: 'Report problems with photos and an exact location, vote on the issues that matter to you, join the conversation, and confirm when the work is really done.',
  },
  {
    icon: 'building',
    title: 'Government departments',
    body: 'See unassigned reports in one place, take them over, move them through clear progress stages and submit proof of the finished work.',
  },
  {
    icon: 'shield',
    title: 'Administrators',
    body: 'Keep the platform trustworthy: verify government accounts, and remove abusive posts, comments and accounts.',
  },
];

export default function About() {
  usePageTitle('About Us');
  return (
    <div>
      <PageHeader eyebrow="About us" title="Civic problems deserve visible answers">
        CivicPulse connects citizens with local authorities to build smarter, more responsive cities.
      </PageHeader>
      <div className="page prose-page">
        <div className="grid gap-10 lg:grid-cols-[2fr_1fr]">
          <div>
            <h2>Why we built CivicPulse</h2>
            <p>
              Broken streetlights, potholes, overflowing drains and uncollected garbage are problems every Indian city
              knows. Most of them are reported many times — in phone calls, letters and social media posts — and still
              nobody can tell whether anyone is working on them. Citizens lose faith; departments lose track.
            </p>
            <p className="mt-4">
              CivicPulse puts every report in one shared, public place. Each issue has photos, a pin on the map and a
              priority. Neighbours add their votes and comments. A government department takes the issue over and
              moves it through visible stages until the citizen who reported it confirms the fix.
            </p>
            <h2>What we believe</h2>
            <ul>
              <li>
                <strong>Transparency</strong> — everyone can see what was reported and how far the work has come.
              </li>
              <li>
                <strong>Accountability</strong> — an issue is resolved only when the person who reported it agrees.
              </li>
              <li>
                <strong>Participation</strong> — the community decides what matters most by voting and discussing.
              </li>
              <li>
                <strong>Privacy</strong> — we collect only what a report needs and strip hidden data from photos.
              </li>
            </ul>
          </div>
          <aside className="card h-fit">
            <h2 className="!mt-0">Get involved</h2>
            <p>Create a free account to report your first issue, or register your department to start resolving them.</p>
            <div className="mt-4 flex flex-wrap gap-3">
              <Link to="/signup" className="btn-primary">
                Create an account
              </Link>
              <Link to="/contact" className="btn-secondary">
                Contact us
              </Link>
            </div>
          </aside>
        </div>
        <h2>Who CivicPulse is for</h2>
        <div className="mt-4 grid gap-6 md:grid-cols-3">
          {AUDIENCES.map((a) => (
            <article key={a.title} className="card">
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon name={a.icon} />
              </span>
              <h3 className="mt-3 text-lg font-semibold text-slate-900">{a.title}</h3>
              <p className="mt-2 text-sm">{a.body}</p>
            </article>
          ))}
        </div>
      </div>
    </div>
  );
}
