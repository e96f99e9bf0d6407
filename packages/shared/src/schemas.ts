// Request schemas (zod): the server validates with them, the browser's forms too (loaded lazily).
export * from './accounts.js';
export * from './contact.js';
export * from './tracking.js';
export * from './posts.js';
