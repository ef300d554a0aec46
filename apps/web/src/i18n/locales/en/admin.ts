/** The web app's own English texts for the 'admin' area (i18next namespace 'admin'). Interpolation: {{name}}; plurals: key_one / key_other. */
export const admin = {
  titles: {
    home: 'Admin Panel',
    managePosts: 'Manage Posts',
    manageUsers: 'Manage Users',
    manageGovernment: 'Manage Government',
    profile: 'Profile',
    triage: 'Triage',
    appeals: 'Appeals',
  },
  home: {
    managePostsBody: 'Review and remove posts, comments and replies.',
    manageUsersBody: 'List and remove accounts.',
    manageGovernmentBody: 'Verify, revoke or remove government accounts.',
  },
  profile: {
    purpose: 'The profile view of an account.',
    /** The admin's own Profile screen. */
    intro: 'Your administrator account on CivicPulse.',
    loading: 'Loading your account',
    loadFailed: 'Your account could not be loaded.',
    email: 'Email',
    role: 'Role',
    roleAdmin: 'Administrator',
    joined: 'Joined',
    tools: 'Your admin tools',
    latest: 'Your latest actions',
    allActions: 'See the whole Audit Log',
  },
  audit: {
    onlyMine: 'Only my actions',
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
  /** The triage queue (department teams): reports a department handed over without knowing the right one. */
  triage: {
    intro: 'Reports a department handed over because they were not its work and it did not know whose they were. Send each to the verified department responsible.',
    empty: 'No reports are waiting for a department.',
    loadFailed: 'The triage queue could not be loaded.',
    reported: 'Reported on {{date}}',
    searchLabel: 'Find a department',
    departmentLabel: 'Send to',
    chooseDepartment: 'Choose a department',
    noDepartments: 'No verified department matches.',
    departmentRequired: 'Choose the department to send the report to.',
    reasonLabel: 'Reason (the reporter and the department see it)',
    send: 'Send',
    sending: 'Sending…',
  },
  /** The admins' open appeals: those of departments without members, and every overdue one. */
  appeals: {
    intro: 'Appeals of departments without members, and every appeal past its due date. Answer each here or on the report.',
    empty: 'No open appeals.',
    loadFailed: 'The appeals could not be loaded.',
  },
  apiKeys: {
    revokeNamed: 'Revoke {{name}}',
    revokeTitle: 'Revoke {{name}}?',
  },
} as const;
