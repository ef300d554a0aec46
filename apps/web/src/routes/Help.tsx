import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { HELP_UI, helpPath } from '@civicpulse/shared';
import { useHelpArticles } from '../api/help';
import { EmptyState } from '../components/EmptyState';
import { PageHeader } from '../components/PageHeader';
import { usePageTitle } from '../components/usePageTitle';

const FAQ: { q: string; a: ReactNode }[] = [
  {
    q: 'What is CivicPulse?',
    a: 'CivicPulse is a platform where citizens report local problems such as potholes, broken streetlights or garbage, neighbours vote and comment on them, and government departments take them over and carry them to a verified resolution.',
  },
  {
    q: 'How do I report an issue?',
    a: (
      <>
        <Link to="/signup">Create a citizen account</Link>, log in and open <strong>Create Issue</strong> from your
        dashboard. Add a caption, at least one photo, the state, a landmark, the address and pincode, pick the spot on
        the map and choose a priority.
      </>
    ),
  },
  {
    q: 'Can I track my complaint?',
    a: (
      <>
        Yes. <strong>My Issues</strong> in your dashboard lists everything you reported with its status and progress
        stage. When the department uploads proof of the finished work, you confirm it and the issue is marked resolved.
      </>
    ),
  },
  {
    q: 'Who reviews submitted complaints?',
    a: 'Verified government departments see every report that nobody has taken over yet. A department takes a report over and moves it step by step: problem seen, verified, work started, work near completion, waiting for your verification, finished.',
  },
  {
    q: 'How do I edit my profile?',
    a: 'Open the avatar menu at the top right and choose Profile Settings, or open Profile in your dashboard. You can change your photo, contact details, address and bio; your email address stays fixed.',
  },
  {
    q: 'How does my department join?',
    a: (
      <>
        Choose <strong>Government</strong> on the <Link to="/signup">signup page</Link> and upload a proof document (an
        image or a PDF). An administrator verifies the account before it can take reports over.
      </>
    ),
  },
  {
    q: 'I forgot my password or cannot log in.',
    a: (
      <>
        Check that you picked the right role tab (User, Government or Admin) on the login page. If you still cannot
        get in, <Link to="/contact">contact us</Link> from the email address of your account.
      </>
    ),
  },
];

/** Every article of the help corpus (the one 'Ask CivicPulse AI' answers from), each linking to its page. */
function HelpArticles() {
  const articles = useHelpArticles();
  return (
    <section aria-labelledby="help-articles" className="mt-12">
      <h2 id="help-articles" className="text-2xl font-bold text-slate-900">
        {HELP_UI.articlesHeading}
      </h2>
      <div className="mt-4">
        {articles.isPending ? (
          <p role="status" className="text-sm text-slate-700">
            {HELP_UI.loadingArticles}
          </p>
        ) : articles.isError ? (
          <EmptyState title={HELP_UI.failedArticles}>
            <button type="button" className="btn-secondary mt-3" onClick={() => void articles.refetch()}>
              {HELP_UI.tryAgain}
            </button>
          </EmptyState>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2" data-testid="help-articles">
            {articles.data.map((a) => (
              <li key={a.slug} className="card p-5">
                <h3 className="text-base font-semibold text-slate-900">
                  <Link to={helpPath(a.slug)} className="rounded text-brand-800 hover:underline">
                    {a.title}
                  </Link>
                </h3>
                <p className="mt-1 text-sm leading-6 text-slate-700">{a.summary}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

export default function Help() {
  usePageTitle('Help Center');
  return (
    <div>
      <PageHeader eyebrow="Help Center" title="How can we help?">
        Answers to the questions citizens and departments ask most often.
      </PageHeader>
      <div className="page max-w-3xl">
        <div className="space-y-3">
          {FAQ.map((item) => (
            <details key={item.q} className="group card p-0">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-6 py-4 text-base font-semibold text-slate-900">
                {item.q}
                <span aria-hidden="true" className="text-xl text-brand-700 transition-transform group-open:rotate-45">
                  +
                </span>
              </summary>
              <div className="px-6 pb-5 text-sm leading-7 text-slate-700 [&_a]:font-medium [&_a]:text-brand-800 [&_a]:underline">
                {item.a}
              </div>
            </details>
          ))}
        </div>
        <HelpArticles />
        <p className="mt-8 text-sm text-slate-700">
          Still stuck?{' '}
          <Link to="/contact" className="font-medium text-brand-800 underline">
            Send us a message
          </Link>
          .
        </p>
      </div>
    </div>
  );
}
