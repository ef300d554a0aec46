/** The web app's own English texts shared by every screen: header, menus, footer, dialogs (namespace 'common'). Interpolation: {{name}}; plurals: key_one / key_other. */
export const common = {
  language: {
    label: 'Language',
  },
  /** The browser tab: "My Issues · CivicPulse"; the landing page is the product name alone. */
  pageTitle: '{{screen}} · CivicPulse',
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
  footer: {
    tagline: 'Connecting citizens with local authorities to build smarter, more responsive cities.',
    socialLinks: 'Social links',
    opensInNewTab: '{{name}} (opens in a new tab)',
    quickLinksNav: 'Quick links',
    quickLinks: 'Quick Links',
    servicesNav: 'Services',
    services: 'Services',
    contactUs: 'Contact Us',
    email: 'Email:',
    phone: 'Phone:',
    copyright: '© {{year}} CivicPulse. All rights reserved.',
    links: {
      about: 'About Us',
      services: 'Services',
      contact: 'Contact',
      policy: 'Privacy Policy',
      terms: 'Terms & Conditions',
      report: 'Report an Issue',
      track: 'Track Complaints',
      updates: 'Community Updates',
      forum: 'Discussion Forum',
      help: 'Help Center',
    },
  },
  menu: {
    title: 'Menu',
    close: 'Close menu',
    mobileNav: 'Mobile',
    myProfile: 'My Profile',
    profileSettings: 'Profile Settings',
    developers: 'Developers',
    logout: 'Logout',
  },
  account: {
    menuLabel: 'Account menu',
    /** The avatar button without a photo: its accessible name starts with the initials it shows. */
    menuLabelInitials: '{{initials}}, account menu',
    group: 'Account',
    admin: 'Admin',
    account: 'Account',
    viewPublicProfile: 'View your public profile',
  },
  dashboard: {
    closeMenu: 'Close menu',
    openMenu: '{{title}} menu',
  },
  pending: {
    title: 'Not available yet',
    body: 'This screen is part of a later CivicPulse release.',
  },
  notFound: {
    pageTitle: 'Page Not Found',
  },
} as const;
