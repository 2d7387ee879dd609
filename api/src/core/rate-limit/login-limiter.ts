import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { ACCOUNT_MESSAGES } from '@credence/shared';
import { CLOCK, type Clock } from '../clock.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { COUNTER_STORE, type CounterStore } from './counter-store.js';

export class TooManyAttemptsError extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super({ error: ACCOUNT_MESSAGES.tooManyAttempts, retryAfter: retryAfterSeconds }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/** The first delay once an account has had LOGIN_FAILURE_LIMIT failures; it doubles with each further one. */
export const FIRST_DELAY_MS = 1000;
/** The longest an attempt on an account under attack waits before its password is checked. */
export const MAX_DELAY_MS = 8000;

/**
 * Sign-in brute-force protection after OWASP's authentication guidance, without handing attackers a
 * lockout of someone else's account:
 * - per (account, client address): LOGIN_FAILURE_LIMIT failures (5 a minute) and that address is
 *   refused for that account (429) until the window ends. Guessing one password from one place stops.
 * - per client address, whatever the account: LOGIN_ADDRESS_FAILURE_LIMIT (50 a minute), a ceiling
 *   against password spraying that colleagues behind one office address do not reach with typos.
 * - per account, from anywhere: once it has had LOGIN_FAILURE_LIMIT failures in the window, every
 *   attempt on it waits (1 s, doubling per further failure, at most 8 s) before its password is
 *   checked. A delay, never a refusal: the right password from an address that has not itself been
 *   failing always gets in, so failures elsewhere cannot lock its owner out. Password reset is not
 *   limited here at all.
 * Attempts are counted before the password is checked, so parallel guesses cannot all slip in before
 * the first failure is recorded; a success gives its counts back.
 */
@Injectable()
export class LoginLimiter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(COUNTER_STORE) private readonly store: CounterStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private keys(email: string, ip: string) {
    return { pair: `login:pair:${ip}:${email}`, address: `login:ip:${ip}`, account: `login:account:${email}` };
  }

  /** Counts the attempt; throws 429 when this address may not try now; waits when the account is under attack. */
  async begin(email: string, ip: string): Promise<void> {
    const { pair, address, account } = this.keys(email, ip);
    const perPair = this.config.loginFailureLimit;
    const perAddress = this.config.loginAddressFailureLimit;
    const pairCount = await this.store.increment(pair, perPair.windowSeconds * 1000);
    if (pairCount.count > perPair.limit) throw new TooManyAttemptsError(retryAfter(pairCount.ttlMs));
    const addressCount = await this.store.increment(address, perAddress.windowSeconds * 1000);
    if (addressCount.count > perAddress.limit) {
      await this.store.decrement(pair, perPair.windowSeconds * 1000);
      throw new TooManyAttemptsError(retryAfter(addressCount.ttlMs));
    }
    const accountCount = await this.store.increment(account, perPair.windowSeconds * 1000);
    const delay = accountDelayMs(accountCount.count - 1, perPair.limit);
    if (delay > 0) await this.clock.sleep(delay);
  }

  async succeeded(email: string, ip: string): Promise<void> {
    const { pair, address, account } = this.keys(email, ip);
    const perPair = this.config.loginFailureLimit.windowSeconds * 1000;
    await Promise.all([
      this.store.reset(pair, perPair),
      this.store.reset(account, perPair),
      this.store.decrement(address, this.config.loginAddressFailureLimit.windowSeconds * 1000),
    ]);
  }
}

const retryAfter = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs / 1000));

/** How long an attempt waits when the account has had `failures` failures in the window. */
export function accountDelayMs(failures: number, limit: number): number {
  if (failures < limit) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(failures - limit, 16));
}
