/** The web app's own English texts for the 'create' area (i18next namespace 'create'). Interpolation: {{name}}; plurals: key_one / key_other. */
export const create = {
} as const;
