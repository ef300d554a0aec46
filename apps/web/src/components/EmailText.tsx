import { Fragment } from 'react';

/**
 * An email address that wraps at its boundaries (after the local part's dots, before the @, after the
 * domain's dots) instead of mid-word: `<wbr>` break chances, `overflow-wrap: break-word` only as the last
 * resort for a single over-long segment. The text (copy, search, screen readers) is the address unchanged.
 */
export function EmailText({ email, className = '' }: { email: string; className?: string }) {
  // "first.last@mail.example.in" -> "first." "last" "@mail." "example." "in"
  const parts = email.replace(/@/g, '\u0000@').replace(/\./g, '.\u0000').split('\u0000').filter(Boolean);
  return (
    <span className={`break-words ${className}`} data-testid="email-text">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
