// The answers of the API as zod schemas (`@nomadas/shared/answers`): routes declare them, /api/docs documents
// them and the API tests check every answer against them. The browser imports only their types, through
// `@nomadas/shared/schemas`, so none of this reaches its bundle.
export * from './envelope.js';
export * from './posts.js';
export * from './accounts.js';
export * from './follows.js';
export * from './profiles.js';
export * from './ownProfile.js';
export * from './moderation.js';
export * from './health.js';
export * from './notifications.js';
export * from './search.js';
export * from './chat.js';
export * from './map.js';
export * from './placeStatus.js';
export * from './channels.js';
export * from './push.js';
export * from './guide.js';
