import type { ReactNode } from 'react';

export function AuthCard({ title, prompt, children }: { title: string; prompt: string; children: ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-10 sm:py-16">
      <div className="mx-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-center text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-1 mb-6 text-center text-sm text-slate-600">{prompt}</p>
        {children}
      </div>
    </div>
  );
}
