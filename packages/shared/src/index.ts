export * from './constants.js';
export * from './progress.js';
export * from './texts.js';
export * from './validation.js';
export * from './session.js';
export * from './schemas.js';
export * from './posts.js';
export * from './site.js';
