import { Link } from 'react-router-dom';
import { Avatar } from '../components/Avatar';
import { Icon, type IconName } from '../components/Icon';
import { usePageTitle } from '../components/usePageTitle';
import { useFormat } from '../i18n/format';
import { useTranslation } from '../i18n';

const FEATURES: { icon: IconName; key: 'reporting' | 'community' | 'tracking' }[] = [
  { icon: 'camera', key: 'reporting' },
  { icon: 'vote', key: 'community' },
  { icon: 'chart', key: 'tracking' },
];

const STEPS = ['post', 'engage', 'track'] as const;

const TESTIMONIALS = ['ananya', 'rahul'] as const;

export default function Landing() {
  const { t } = useTranslation('pages');
  const format = useFormat();
  usePageTitle();
  return (
    <div>
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:grid-cols-2 md:py-24 lg:px-8">
          <div>
            <p className="text-sm font-semibold tracking-wider text-brand-100 uppercase">{t('landing.eyebrow')}</p>
            <h1 className="mt-3 text-4xl leading-tight font-extrabold sm:text-5xl">
              {t('landing.heading')}
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-8 text-brand-50">{t('landing.intro')}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/login" className="btn bg-white px-6 py-3 text-base text-brand-900 hover:bg-brand-50">
                {t('landing.getStarted')}
              </Link>
              <Link to="/developers" className="btn border border-white/80 px-6 py-3 text-base text-white hover:bg-white/10">
                {t('landing.meetDevelopers')}
              </Link>
              <Link to="/reports" className="btn border border-white/80 px-6 py-3 text-base text-white hover:bg-white/10">
                {t('landing.browseReports')}
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
                <li className="rounded-lg bg-white/15 px-2 py-2">{t('landing.steps.report')}</li>
                <li className="rounded-lg bg-white/15 px-2 py-2">{t('landing.steps.vote')}</li>
                <li className="rounded-lg bg-white/15 px-2 py-2">{t('landing.steps.resolve')}</li>
              </ol>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="mission" className="page text-center">
        <h2 id="mission" className="text-sm font-semibold tracking-wider text-brand-800 uppercase">
          {t('landing.missionHeading')}
        </h2>
        <p className="mx-auto mt-4 max-w-3xl text-2xl leading-10 font-semibold text-slate-900 sm:text-3xl">
          {t('landing.mission')}
        </p>
      </section>

      <section aria-labelledby="features" className="bg-white">
        <div className="page">
          <h2 id="features" className="text-center text-3xl font-bold text-slate-900">
            {t('landing.featuresHeading')}
          </h2>
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {FEATURES.map((f) => (
              <article key={f.key} className="card">
                <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon name={f.icon} />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{t(`landing.features.${f.key}.title`)}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-700">{t(`landing.features.${f.key}.body`)}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="how" className="page">
        <h2 id="how" className="text-center text-3xl font-bold text-slate-900">
          {t('landing.howHeading')}
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {STEPS.map((s, i) => (
            <li key={s} className="card relative">
              <span className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 text-base font-bold text-white">
                {format.number(i + 1)}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{t(`landing.how.${s}.title`)}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-700">{t(`landing.how.${s}.body`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="voices" className="bg-white">
        <div className="page">
          <h2 id="voices" className="text-center text-3xl font-bold text-slate-900">
            {t('landing.voicesHeading')}
          </h2>
          <p className="mt-2 text-center text-sm text-slate-600">
            {t('landing.voicesNote')}
          </p>
          <div className="mt-10 grid gap-6 md:grid-cols-2">
            {TESTIMONIALS.map((key) => (
              <figure key={key} className="card flex flex-col">
                <blockquote className="flex-1 text-base leading-7 text-slate-800">
                  {t('landing.quote', { quote: t(`landing.testimonials.${key}.quote`) })}
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <Avatar name={t(`landing.testimonials.${key}.name`)} size="h-11 w-11" />
                  <span>
                    <span className="block text-sm font-semibold text-slate-900">{t(`landing.testimonials.${key}.name`)}</span>
                    <span className="block text-sm text-slate-600">{t(`landing.testimonials.${key}.place`)}</span>
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
            {t('landing.ctaHeading')}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-brand-50">
            {t('landing.ctaBody')}
          </p>
          <Link to="/login" className="btn mt-8 bg-white px-6 py-3 text-base text-brand-900 hover:bg-brand-50">
            {t('landing.ctaButton')}
          </Link>
        </div>
      </section>
    </div>
  );
}
