/** The web app's own English texts for the 'posts' area (i18next namespace 'posts'). Interpolation: {{name}}; plurals: key_one / key_other. */
export const posts = {
} as const;
