import { browserSignature } from './signature';

// A page's first Intl call starts ICU (30–60 ms on a phone): here it happens off the main thread.
postMessage(browserSignature());
