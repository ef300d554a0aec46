/** The web app's own English texts shared by every screen: header, menus, footer, dialogs (namespace 'common'). Interpolation: {{name}}; plurals: key_one / key_other. */
export const common = {
  language: {
    label: 'Language',
  },
  header: {
    skipToContent: 'Skip to content',
    home: 'Home',
    homeLink: 'CivicPulse home',
    login: 'Login',
    signup: 'Signup',
    dashboard: 'Dashboard',
    mainNav: 'Main',
    openMenu: 'Open menu',
  },
} as const;
