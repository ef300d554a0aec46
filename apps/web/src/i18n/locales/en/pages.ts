/** The web app's own English texts for the 'pages' area (i18next namespace 'pages'). Interpolation: {{name}}; plurals: key_one / key_other. */
export const pages = {
} as const;
