/**
 * The typed API client's code, in a chunk of its own (see deferred-client.ts): the web app loads
 * it on the first API call, or beside any page of the app (app/pages.ts), never for `/`.
 */
export { createApiClient } from '@credence/shared';
