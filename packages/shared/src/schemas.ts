// Request schemas (zod): the server validates with them, the browser's forms too (loaded lazily).
export * from './accounts.js';
export * from './contact.js';
export * from './tracking.js';
export * from './posts.js';
export * from './moderation.js';
export * from './notifications.js';
export * from './profiles.js';
export * from './ownProfile.js';
export * from './search.js';
export * from './chat.js';
export * from './realtime-frames.js';
// The answers' types only: their schemas (`@nomadas/shared/answers`) stay out of the browser's bundle.
export type * from './answers/index.js';
export * from './map.js';
export * from './placeStatus.js';
export * from './channels.js';
export * from './push.js';
