import { DEFAULT_RECONNECT, type ReconnectPolicy } from '@credence/shared';
import { UsageError } from './exit-codes.js';

/**
 * How long a live view (`logs tail -f`, `screens watch`, the full-screen ops tails) keeps
 * reconnecting after its connection drops: CREDENCE_RECONNECT_FOR seconds, 15 minutes unless set
 * (a deploy's restart is covered; a script that would rather fail fast sets less).
 */
export function reconnectPolicy(env: NodeJS.ProcessEnv = process.env): Partial<ReconnectPolicy> {
  const raw = env.CREDENCE_RECONNECT_FOR?.trim();
  if (!raw) return { giveUpAfterMs: DEFAULT_RECONNECT.giveUpAfterMs };
  const seconds = Number(raw);
  if (!/^\d+$/.test(raw) || seconds > 86_400)
    throw new UsageError(
      `CREDENCE_RECONNECT_FOR is how many seconds a live view keeps reconnecting: a whole number from 0 to 86400, not "${raw}"`,
    );
  return { giveUpAfterMs: seconds * 1000 };
}
