/** The key of a chat that documents belong to: as research chat ids (web UUIDs, terminal short ids). */
export const CHAT_KEY = /^[A-Za-z0-9_-]{1,100}$/;
export const chatKeyMessage = (field: string) => `${field} must be 1 to 100 letters, digits, - or _ (the chat's key)`;
