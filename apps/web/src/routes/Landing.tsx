import { Link } from 'react-router-dom';
import { Avatar } from '../components/Avatar';
import { Icon, type IconName } from '../components/Icon';
import { usePageTitle } from '../components/usePageTitle';

const FEATURES: { icon: IconName; title: string; body: string }[] = [
  {
    icon: 'camera',
    title: 'Instant Issue Reporting',
    body: 'Photograph a pothole, a broken streetlight or an overflowing drain and report it in under a minute. Every report carries geo-tagged images and a pin on the map, so nobody has to guess where the problem is.',
  },
  {
    icon: 'vote',
    title: 'Community-Driven Support',
    body: 'Neighbours upvote the issues that matter to them and discuss them in the comments. The most pressing problems rise to the top, and departments see what the community really needs.',
  },
  {
    icon: 'chart',
    title: 'Real-Time Government Tracking',
    body: 'Departments take over reports and move them through clear progress stages, from problem seen to work completed. You follow every step and confirm the fix yourself.',
  },
];

const STEPS = [
  {
    title: 'Post with Precision',
    body: 'Add a caption, photos, the state, a landmark and the exact spot on the map. Set a priority so urgent problems stand out.',
  },
  {
    title: 'Engage Your Community',
    body: 'Others in your city vote and comment on the issue, adding weight and detail that help the right department act sooner.',
  },
  {
    title: 'Track Resolution',
    body: 'Watch the department advance the issue step by step. When they upload proof of the finished work, you verify it and the issue is resolved.',
  },
];

const TESTIMONIALS = [
  {
    name: 'Ananya Rao',
    place: 'Resident, Bengaluru',
    quote:
      'The streetlight on our lane was out for weeks. I reported it on CivicPulse with a photo and a pin, my neighbours upvoted it, and I could see the electricity department pick it up and mark it done.',
  },
  {
    name: 'Rahul Mehta',
    place: 'Ward officer, Pune',
    quote:
      'Complaints used to reach us as scattered phone calls. Now every report arrives with photos and an exact location, and the votes tell us which ones to handle first.',
  },
];

export default function Landing() {
  usePageTitle();
  return (
    <div>
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:grid-cols-2 md:py-24 lg:px-8">
          <div>
            <p className="text-sm font-semibold tracking-wider text-brand-100 uppercase">Civic issue reporting for India</p>
            <h1 className="mt-3 text-4xl leading-tight font-extrabold sm:text-5xl">
              Report it. Track it. See it fixed.
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-8 text-brand-50">
              CivicPulse connects citizens with local authorities to build smarter, more responsive cities. Report a
              local problem with photos and a map pin, rally your neighbours behind it, and follow it until the
              department fixes it.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/login" className="btn bg-white px-6 py-3 text-base text-brand-900 hover:bg-brand-50">
                Get Started
              </Link>
              <Link to="/developers" className="btn border border-white/80 px-6 py-3 text-base text-white hover:bg-white/10">
                Meet the Developers
              </Link>
            </div>
          </div>
          <div aria-hidden="true" className="hidden md:block">
            <div className="relative mx-auto max-w-sm rounded-3xl bg-white/10 p-6 ring-1 ring-white/20">
              <svg viewBox="0 0 320 220" className="w-full">
                <rect x="0" y="150" width="320" height="70" rx="8" fill="#134e4a" />
                <rect x="20" y="70" width="50" height="90" fill="#99f6e4" opacity=".35" />
                <rect x="80" y="40" width="60" height="120" fill="#99f6e4" opacity=".5" />
                <rect x="150" y="90" width="45" height="70" fill="#99f6e4" opacity=".35" />
                <rect x="205" y="55" width="70" height="105" fill="#99f6e4" opacity=".5" />
                <path d="M0 185h320" stroke="#fef3c7" strokeWidth="3" strokeDasharray="14 10" />
                <path d="M172 20c-16 0-28 12-28 27 0 20 28 47 28 47s28-27 28-47c0-15-12-27-28-27Z" fill="#f59e0b" />
                <circle cx="172" cy="47" r="10" fill="#fff" />
              </svg>
              <ol className="mt-4 grid grid-cols-3 gap-2 text-center text-xs font-semibold text-white">
                <li className="rounded-lg bg-white/15 px-2 py-2">Report</li>
                <li className="rounded-lg bg-white/15 px-2 py-2">Vote</li>
                <li className="rounded-lg bg-white/15 px-2 py-2">Resolve</li>
              </ol>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="mission" className="page text-center">
        <h2 id="mission" className="text-sm font-semibold tracking-wider text-brand-800 uppercase">
          Our Mission
        </h2>
        <p className="mx-auto mt-4 max-w-3xl text-2xl leading-10 font-semibold text-slate-900 sm:text-3xl">
          Give every citizen a simple, transparent way to raise the problems on their street, and give every
          department a clear, accountable way to solve them.
        </p>
      </section>

      <section aria-labelledby="features" className="bg-white">
        <div className="page">
          <h2 id="features" className="text-center text-3xl font-bold text-slate-900">
            Why CivicPulse
          </h2>
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {FEATURES.map((f) => (
              <article key={f.title} className="card">
                <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon name={f.icon} />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{f.title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-700">{f.body}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="how" className="page">
        <h2 id="how" className="text-center text-3xl font-bold text-slate-900">
          How It Works
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {STEPS.map((s, i) => (
            <li key={s.title} className="card relative">
              <span className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 text-base font-bold text-white">
                {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{s.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-700">{s.body}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="voices" className="bg-white">
        <div className="page">
          <h2 id="voices" className="text-center text-3xl font-bold text-slate-900">
            What People Say
          </h2>
          <p className="mt-2 text-center text-sm text-slate-600">
            Illustrative stories of the everyday problems CivicPulse is built to solve.
          </p>
          <div className="mt-10 grid gap-6 md:grid-cols-2">
            {TESTIMONIALS.map((t) => (
              <figure key={t.name} className="card flex flex-col">
                <blockquote className="flex-1 text-base leading-7 text-slate-800">“{t.quote}”</blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <Avatar name={t.name} size="h-11 w-11" />
                  <span>
                    <span className="block text-sm font-semibold text-slate-900">{t.name}</span>
                    <span className="block text-sm text-slate-600">{t.place}</span>
                  </span>
                </figcaption>
              </figure>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="cta" className="page">
        <div className="rounded-3xl bg-brand-800 px-6 py-12 text-center text-white sm:px-12">
          <h2 id="cta" className="text-3xl font-bold">
            Ready to make your city better?
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-brand-50">
            Join the citizens and departments already using CivicPulse to turn complaints into completed work.
          </p>
          <Link to="/login" className="btn mt-8 bg-white px-6 py-3 text-base text-brand-900 hover:bg-brand-50">
            Join CivicPulse Today
          </Link>
        </div>
      </section>
    </div>
  );
}
