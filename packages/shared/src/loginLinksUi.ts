/**
 * The login page's link to /forgot-password (issue 27 item 4), alone in its module: a module the web
 * app takes a value from is bundled whole, and this one is in the first paint of /login (see mailUi.ts).
 */
export const LOGIN_LINKS_UI = {
  forgotPassword: 'Forgot password?',
} as const;
