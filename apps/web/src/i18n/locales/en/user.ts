/** The web app's own English texts for the 'user' area (i18next namespace 'user'). Interpolation: {{name}}; plurals: key_one / key_other. */
export const user = {
  home: {
    title: 'Citizen Dashboard',
    welcome: 'Welcome Back, {{name}}',
    welcomeNoName: 'Welcome Back',
    intro: 'Manage your profile, view your own reports and explore the issues raised across your community.',
    createTitle: 'Create Issue',
    createBody: 'Report a new problem with photos and a map pin.',
    myIssuesTitle: 'My Issues',
    myIssuesBody: 'See the status and progress of your reports.',
    otherIssuesTitle: 'Other Issues',
    otherIssuesBody: 'Explore, vote on and discuss issues raised by others.',
    profileTitle: 'Profile',
    profileBody: 'Keep your contact details and photo up to date.',
  },
  profile: {
    title: 'Profile',
    memberSince: 'Member since {{date}}',
  },
  /** Gender values stay English on the wire; these are what people read. */
  genders: {
    male: 'male',
    female: 'female',
    other: 'other',
  },
  /** Durations on a department's profile (response and resolve times). */
  duration: {
    minutes: '{{n}} min',
    hours: '{{n}} h',
    days: '{{n}} days',
  },
} as const;
