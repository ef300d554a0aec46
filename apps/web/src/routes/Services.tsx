import { PageHeader } from '../components/PageHeader';
import { Icon, type IconName } from '../components/Icon';
import { usePageTitle } from '../components/usePageTitle';

const SERVICES: { icon: IconName; title: string; body: string }[] = [
  {
    icon: 'camera',
    title: 'Issue Reporting',
    body: 'Report a civic problem with a caption, photos, the address and a priority. Reports go straight to the departments that can act on them.',
  },
  {
    icon: 'chart',
    title: 'Live Status Tracking',
    body: 'Follow each issue through its progress stages — from problem seen to work completed — and verify the result yourself.',
  },
  {
    icon: 'pin',
    title: 'Geo-Tagging Support',
    body: 'Drop a pin on the map or let your device locate you, so the exact spot of every problem is recorded with its coordinates.',
  },
  {
    icon: 'api',
    title: 'Government API Integration',
    body: 'Departments work from the same data through a documented API, so reports can flow into the systems they already use.',
  },
  {
    icon: 'vote',
    title: 'Community Voting',
    body: 'Upvote the issues that affect you and downvote the ones that do not. Votes show departments where to act first.',
  },
  {
    icon: 'share',
    title: 'Awareness Sharing',
    body: 'Share any issue with one tap to your favourite apps and bring more neighbours into the conversation.',
  },
];

export default function Services() {
  usePageTitle('Services');
  return (
    <div>
      <PageHeader eyebrow="Services" title="Everything you need to get local problems fixed">
        From the first photo to the final verification, CivicPulse supports every step between a citizen and their
        local authority.
      </PageHeader>
      <div className="page">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {SERVICES.map((s) => (
            <li key={s.title} className="card">
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon name={s.icon} />
              </span>
              <h2 className="mt-4 text-lg font-semibold text-slate-900">{s.title}</h2>
              <p className="mt-2 text-sm leading-6 text-slate-700">{s.body}</p>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
