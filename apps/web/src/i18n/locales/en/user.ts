/** The web app's own English texts for the 'user' area (i18next namespace 'user'). Interpolation: {{name}}; plurals: key_one / key_other. */
export const user = {
} as const;
