/** The web app's own English texts for the 'create' area (i18next namespace 'create'). Interpolation: {{name}}; plurals: key_one / key_other. */
export const create = {
  /** The photo picker (components/posts/PhotoPicker.tsx): reports, final updates. English as POST_UI had it. */
  photos: {
    add: 'Add photos',
    chosen_zero: 'No photos added yet.',
    chosen_one: '{{count}} photo added.',
    chosen_other: '{{count}} photos added.',
    attached: 'Attached photos',
    previewAlt: 'Photo {{index}} of {{total}}: {{name}}',
    remove: 'Remove {{name}}',
    preparing_one: 'Preparing {{count}} photo…',
    preparing_other: 'Preparing {{count}} photos…',
  },
  form: {
    /** The Country field's value (COUNTRY on the wire). */
    country: 'India',
  },
  draft: {
    heading: 'Resume draft',
    intro: 'You started a report on {{when}} and did not send it. It is saved on this device.',
    resume: 'Resume',
    discard: 'Discard',
    discarded: 'Draft discarded',
    savedNote: 'Your draft is saved on this device as you type.',
  },
  outbox: {
    waitingHeading: 'Waiting to send',
    waitingBody: 'Your report is saved on this device and will be sent as soon as the connection returns. You can close this page.',
    waitingLogin: 'Sign in again to send your saved report.',
    retryNow: 'Try again now',
    retrying: 'Trying…',
    edit: 'Edit report',
    sent: 'Your saved report has been sent.',
    indicator_one: '{{count}} report waiting to send',
    indicator_other: '{{count}} reports waiting to send',
  },
  offline: {
    banner: 'You are offline. Showing what this device saved; new reports are sent when the connection returns.',
  },
} as const;
