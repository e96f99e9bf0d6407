import { ensureBasemap } from './basemap.js';

// Run by the demo's build: the archive is made only when missing or when its inputs changed.
console.log(ensureBasemap());
