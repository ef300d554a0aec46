import { Link } from 'react-router-dom';
import { CONTACT_DETAILS } from '@civicpulse/shared';
import { Avatar } from '../components/Avatar';
import { PageHeader } from '../components/PageHeader';
import { usePageTitle } from '../components/usePageTitle';

export default function Developers() {
  usePageTitle('Meet the Developers');
  return (
    <div>
      <PageHeader eyebrow="Developers" title="Meet the Developers">
        The people who design, build and run CivicPulse.
      </PageHeader>
      <div className="page">
        {/* Centred, so one card does not sit alone at the left of an empty row. */}
        <ul className="flex flex-wrap justify-center gap-6">
          <li className="card w-full text-center sm:max-w-sm">
            <div className="flex justify-center">
              <Avatar name="CivicPulse Team" size="h-24 w-24 text-2xl" />
            </div>
            <h2 className="mt-4 text-xl font-semibold text-slate-900">CivicPulse Team</h2>
            <p className="text-sm font-medium text-brand-800">Full-stack development</p>
            <p className="mt-3 text-sm leading-6 text-slate-700">
              We build the web app, the API and the tools that help citizens and government departments work on the
              same problems together — with privacy, accessibility and speed in mind.
            </p>
            <div className="mt-5 flex flex-wrap justify-center gap-3">
              <a className="btn-secondary" href={`mailto:${CONTACT_DETAILS.email}`}>
                Email the team
              </a>
              <Link className="btn-ghost" to="/contact">
                Contact form
              </Link>
            </div>
          </li>
        </ul>
      </div>
    </div>
  );
}
