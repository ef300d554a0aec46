import type { ReactNode } from 'react';

export function PageHeader({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <div className="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 md:py-16 lg:px-8">
        {eyebrow && <p className="text-sm font-semibold tracking-wider text-brand-100 uppercase">{eyebrow}</p>}
        <h1 className="mt-2 text-3xl font-extrabold sm:text-4xl">{title}</h1>
        {children && <div className="mt-4 max-w-3xl text-lg leading-8 text-brand-50">{children}</div>}
      </div>
    </div>
  );
}
