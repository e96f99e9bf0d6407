// Plain rules and constants: free of zod, so the first screen of the web app stays small.
export * from './constants.js';
export * from './text.js';
export * from './geo.js';
export * from './images.js';
export * from './mapConstants.js';
export * from './placeStatusConstants.js';
export * from './vehicle.js';
export * from './seasons.js';
export * from './channelConstants.js';
export * from './messages.js';
export * from './envelope.js';
export * from './routes.js';
export * from './settings.js';
export * from './realtime.js';
