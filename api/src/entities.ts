import { User } from './core/users/user.entity.js';
import { Session } from './modules/auth/session.entity.js';
import { AccountToken } from './modules/auth/account-token.entity.js';
import { SalesRequest } from './modules/sales/sales-request.entity.js';
import { HelpRequest } from './modules/sales/help-request.entity.js';
import { ResearchChat } from './platform/ai/chats/chat.entity.js';
import { ResearchChatMessage } from './platform/ai/chats/chat-message.entity.js';
import { ResearchJob } from './platform/ai/jobs/research-job.entity.js';
import { OpsActionEntry } from './modules/ops/ops-action.entity.js';

/**
 * Every entity the data source knows; feature modules register theirs here. The composition roots
 * (the server's bootstrap, the admin and worker context, the data commands) hand the list to
 * openDatabase, so core/database names no module.
 */
export const ENTITIES = [
  User,
  Session,
  AccountToken,
  SalesRequest,
  HelpRequest,
  ResearchChat,
  ResearchChatMessage,
  ResearchJob,
  OpsActionEntry,
];
