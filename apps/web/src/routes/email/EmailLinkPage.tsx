import ForgotPassword from './ForgotPassword';
import ResetPassword from './ResetPassword';
import Unsubscribe from './Unsubscribe';
import VerifyEmail from './VerifyEmail';

const PAGES = { forgot: ForgotPassword, reset: ResetPassword, verify: VerifyEmail, unsubscribe: Unsubscribe } as const;

/**
 * The four pages a mailed link opens (issue 27 items 3 and 4), one chunk loaded on demand: App.tsx
 * lazy-loads this once for the four routes, as every lazy route costs the first paint's route table
 * its import and the list of chunks it needs (and the signed-in feed's first paint is at its budget).
 */
export default function EmailLinkPage({ page }: { page: keyof typeof PAGES }) {
  const Page = PAGES[page];
  return <Page />;
}
