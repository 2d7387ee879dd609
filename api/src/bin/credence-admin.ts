#!/usr/bin/env node
// `credence-admin`'s entry point: runs admin-cli.js, from the bundle when it is current.
import { entryModule } from '../entry.js';

await import(entryModule('credence-admin', new URL('./admin-cli.js', import.meta.url)));
