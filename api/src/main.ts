// The server's entry point (`node dist/src/main.js`): runs server.js, from the bundle when it is current.
import { entryModule } from './entry.js';

await import(entryModule('main', new URL('./server.js', import.meta.url)));
