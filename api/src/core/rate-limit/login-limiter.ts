import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { ACCOUNT_MESSAGES } from '@credence/shared';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { COUNTER_STORE, type CounterStore } from './counter-store.js';

export class TooManyAttemptsError extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super({ error: ACCOUNT_MESSAGES.tooManyAttempts, retryAfter: retryAfterSeconds }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * Failed sign-ins per account and per client address (5 a minute by default). An attempt is
 * counted before its password is checked, so a burst of parallel guesses cannot all slip in
 * before the first failure is recorded; a successful attempt gives its count back (and clears
 * the account's). Past the limit every attempt, right or wrong, answers 429 until the window ends.
 */
@Injectable()
export class LoginLimiter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(COUNTER_STORE) private readonly store: CounterStore,
  ) {}

  private keys(email: string, ip: string): [string, string] {
    return [`login:account:${email}`, `login:ip:${ip}`];
  }

  /** Counts the attempt; throws 429 when it is over the limit. */
  async begin(email: string, ip: string): Promise<void> {
    const { limit, windowSeconds } = this.config.loginFailureLimit;
    const counts = await Promise.all(this.keys(email, ip).map((key) => this.store.increment(key, windowSeconds * 1000)));
    const over = counts.filter((c) => c.count > limit);
    if (over.length > 0) {
      throw new TooManyAttemptsError(Math.max(1, Math.ceil(Math.max(...over.map((c) => c.ttlMs)) / 1000)));
    }
  }

  async succeeded(email: string, ip: string): Promise<void> {
    const [account, address] = this.keys(email, ip);
    await Promise.all([this.store.reset(account), this.store.decrement(address)]);
  }
}
