export * from './languages.js';
export * from './localized.js';
export * from './names.js';
