/** The web app's own English texts for the 'admin' area (i18next namespace 'admin'). Interpolation: {{name}}; plurals: key_one / key_other. */
export const admin = {
  titles: {
    home: 'Admin Panel',
    managePosts: 'Manage Posts',
    manageUsers: 'Manage Users',
    manageGovernment: 'Manage Government',
    profile: 'Profile',
  },
  home: {
    managePostsBody: 'Review and remove posts, comments and replies.',
    manageUsersBody: 'List and remove accounts.',
    manageGovernmentBody: 'Verify, revoke or remove government accounts.',
  },
  profile: {
    purpose: 'The profile view of an account.',
  },
  list: {
    loading: 'Loading',
    filters: 'Filters',
  },
  /** Spec 2.10/2.13: the admin's priority words (the filter's values stay these words). */
  priorities: {
    low: 'low',
    medium: 'medium',
    high: 'high',
    urgent: 'urgent',
  },
  governments: {
    phone: 'Phone',
    city: 'City',
  },
  users: {
    caption: 'Accounts',
    name: 'Name',
    email: 'Email',
    actions: 'Actions',
    deleteNamed: 'Delete {{name}}',
  },
  serviceLevels: {
    priority: 'Priority',
    /** The field names of the hours problem (SERVICE_LEVEL_TEXTS.hours). */
    responseField: 'Response time',
    resolutionField: 'Resolution time',
  },
  apiKeys: {
    revokeNamed: 'Revoke {{name}}',
    revokeTitle: 'Revoke {{name}}?',
  },
} as const;
