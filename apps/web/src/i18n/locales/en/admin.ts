/** The web app's own English texts for the 'admin' area (i18next namespace 'admin'). Interpolation: {{name}}; plurals: key_one / key_other. */
export const admin = {
} as const;
