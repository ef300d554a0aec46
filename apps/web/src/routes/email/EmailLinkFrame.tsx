import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * The card every page a mailed link opens sits in (forgot and reset password, verify the address,
 * unsubscribe): the login page's look, a heading, an optional intro, the page's form or answer.
 */
export function EmailLinkFrame({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-10 sm:py-16">
      <div className="mx-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {intro && <p className="mt-2 text-sm text-slate-700">{intro}</p>}
        <div className="mt-6 space-y-4">{children}</div>
      </div>
    </div>
  );
}

/** The server's answer shown in the page. */
export interface Outcome {
  ok: boolean;
  message: string;
}

/**
 * The answer inside a polite live region that is there from the start (so a success is announced when
 * it appears); an error is an alert. `focus`: a success takes the focus (the control that asked for it
 * is gone). data-testid and data-ok let the browser tests find it whatever the language.
 */
export function OutcomeMessage({ outcome, focus = false }: { outcome: Outcome | null; focus?: boolean }) {
  const success = useRef<HTMLParagraphElement>(null);
  const ok = outcome?.ok ?? false;
  useEffect(() => {
    if (focus && ok) success.current?.focus();
  }, [focus, ok]);
  return (
    <div aria-live="polite">
      {outcome &&
        (outcome.ok ? (
          <p
            ref={success}
            tabIndex={focus ? -1 : undefined}
            className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm font-medium text-green-900"
            data-testid="email-link-outcome"
            data-ok="true"
          >
            {outcome.message}
          </p>
        ) : (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800" data-testid="email-link-outcome" data-ok="false">
            {outcome.message}
          </p>
        ))}
    </div>
  );
}

/** A text link in the card ("Back to login", "Ask for a new link", "Continue"). */
export function FrameLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-block text-sm font-semibold text-brand-800 hover:underline">
      {children}
    </Link>
  );
}
