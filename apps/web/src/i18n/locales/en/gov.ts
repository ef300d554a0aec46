/** The web app's own English texts for the 'gov' area (i18next namespace 'gov'). Interpolation: {{name}}; plurals: key_one / key_other. */
export const gov = {
} as const;
