/** The login page's link to /forgot-password (issue 27 item 4), alone in its module: it is in the first paint of /login (see mailUi.ts). */
/** The login page's link (first paint of /login: kept tiny). */
export const LOGIN_LINKS_UI = {
  forgotPassword: 'Forgot password?',
} as const;
