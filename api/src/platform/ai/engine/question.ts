/** The longest question a user may ask (research, PDF chat, US equity research): one limit for every feature's DTO. */
export const QUERY_MAX = 4000;
