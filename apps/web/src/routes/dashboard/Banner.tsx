import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export function WelcomeBanner({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl bg-gradient-to-br from-brand-800 to-brand-600 px-6 py-8 text-white sm:px-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      <div className="mt-2 max-w-2xl text-base leading-7 text-brand-50">{children}</div>
    </section>
  );
}

export function ShortcutGrid({ items }: { items: { to: string; title: string; body: string }[] }) {
  return (
    <ul className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {items.map((item) => (
        <li key={item.to}>
          <Link
            to={item.to}
            className="block h-full rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-600 hover:shadow"
          >
            <span className="block text-base font-semibold text-slate-900">{item.title}</span>
            <span className="mt-1 block text-sm leading-6 text-slate-700">{item.body}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
