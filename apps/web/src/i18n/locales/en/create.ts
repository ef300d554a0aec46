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
} as const;
