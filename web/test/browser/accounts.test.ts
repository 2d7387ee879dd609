/**
 * The account flows of spec 1 in headless chromium, against the real API (embedded database):
 * sign-up → verify from the outbox → approve as admin → sign in; forgot and reset password;
 * the spec's validation messages; protected routes and the redirect parameter.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { ACCOUNT_MESSAGES } from '@credence/shared';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startApi, type ApiServer } from '../support/api-server.ts';
import { launchBrowser, newPage, screenshot } from '../support/browser.ts';
import { createApprovedUser, fakeToken } from '../support/http.ts';

let api: ApiServer;
let browser: Browser;

before(async () => {
  [api, browser] = await Promise.all([startApi(), launchBrowser()]);
});

after(async () => {
  await browser?.close();
  await api?.stop();
});

async function fresh(viewport?: { width: number; height: number }) {
  return newPage(browser, api.url, viewport);
}

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

async function signIn(page: Page, email: string, password: string) {
  // After a client-side navigation the previous page stays until the form's chunk is in.
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function toast(page: Page, text: string) {
  await page.getByTestId('toast').filter({ hasText: text }).waitFor();
}

describe('sign-up, verification, approval and first sign-in', () => {
  it('takes a new analyst from the sign-up form to the databases page', async () => {
    const { context, page, errors } = await fresh();
    try {
      const email = `grace-${Date.now()}@example.com`;
      const password = 'grace hopper password';

      await page.goto('/signup');
      await page.getByRole('heading', { name: 'Create your account' }).waitFor();
      await page.getByLabel('Work email').fill(email);
      await page.getByLabel('Full name').fill('Grace Hopper');
      await page.getByLabel('Company name').fill('Cobol Capital LLP');
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('Confirm password').fill(password);
      await screenshot(page, 'signup');
      await page.getByRole('button', { name: 'Sign up' }).click();
      await toast(page, ACCOUNT_MESSAGES.signupCheckEmail);
      await page.waitForURL((url) => url.pathname === '/login');

      // Before verification the account cannot sign in.
      await signIn(page, email, password);
      await page.getByRole('alert').filter({ hasText: ACCOUNT_MESSAGES.emailNotVerified }).first().waitFor();

      // The verification link from the outbox.
      const verifyMail = await api.waitForMail(email, /Verify your email/);
      assert.match(verifyMail.path!, /^\/verify\/[\w-]+$/);
      await page.goto(verifyMail.path!);
      await page.getByRole('heading', { name: 'Email Verified' }).waitFor();
      await screenshot(page, 'verify-success');
      await page.getByRole('link', { name: 'Go to Login' }).click();
      await page.waitForURL((url) => url.pathname === '/login');

      // Verified but not approved: the spec's under-review message.
      await signIn(page, email, password);
      await page.getByRole('alert').filter({ hasText: ACCOUNT_MESSAGES.underReview }).first().waitFor();
      assert.equal(await page.getByLabel('Password', { exact: true }).inputValue(), '', 'a failed sign-in clears the password');

      // The admin opens the approval link signed out: sent to /login, then back to the link.
      const approveMail = await api.waitForMail(ADMIN_EMAIL, new RegExp(`Approve Grace Hopper <${email.replace(/\./g, '\\.')}>`));
      assert.match(approveMail.path!, /^\/approve\/[\w-]+$/);
      await page.goto(approveMail.path!);
      await page.waitForURL((url) => url.pathname === '/login');
      assert.equal(new URL(page.url()).searchParams.get('redirect'), approveMail.path);
      await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
      await page.waitForURL((url) => url.pathname === approveMail.path);
      await page.getByRole('heading', { name: 'Grace Hopper' }).waitFor();
      const details = await page.locator('.details').innerText();
      assert.match(details, new RegExp(email.replace(/\./g, '\\.')));
      assert.match(details, /Cobol Capital LLP/);
      assert.match(details, /Default Role/);
      assert.doesNotMatch(details, /Professional profile/, 'the placeholder profile is not shown as a link');
      await screenshot(page, 'approve');
      const approve = page.getByRole('button', { name: 'Approve' });
      await approve.click();
      await page.getByRole('button', { name: 'Approved' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Approved' }).isDisabled(), true);
      await toast(page, ACCOUNT_MESSAGES.approved);
      await screenshot(page, 'approve-done');

      // The admin signs out from the user menu.
      await page.getByRole('button', { name: /^Account:/ }).click();
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      assert.equal(new URL(page.url()).search, '', 'a logout goes to plain /login');
      assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);

      // The applicant signs in and lands on the databases page.
      await signIn(page, email, password);
      await page.waitForURL((url) => url.pathname === '/home');
      await page.getByRole('heading', { name: 'Welcome, Grace' }).waitFor();
      const token = await page.evaluate(() => localStorage.getItem('token'));
      assert.ok(token && token.split('.').length === 3, 'the session token is kept under "token"');
      await screenshot(page, 'home');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('reopening a used approval link shows the applicant as approved; an unknown link says it is invalid', async () => {
    const { context, page } = await fresh();
    try {
      const user = await createApprovedUser(api, 'reopen');
      const mail = (await api.mails(ADMIN_EMAIL)).filter((m) => m.subject.includes(user.email)).pop()!;
      await page.goto('/login');
      await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
      await page.waitForURL((url) => url.pathname === '/home');
      await page.goto(mail.path!);
      // The applicant shows, approved: the button reads Approved and stays disabled.
      await page.getByRole('heading', { name: user.full_name }).waitFor();
      const button = page.getByRole('button', { name: 'Approved' });
      await button.waitFor();
      assert.equal(await button.isDisabled(), true);
      // A link that was never issued says so.
      await page.goto('/approve/no-such-token');
      await page.getByRole('alert').filter({ hasText: ACCOUNT_MESSAGES.approveLinkInvalid }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('a verification link works once: the second visit shows the failure screen', async () => {
    const { context, page } = await fresh();
    try {
      const email = `twice-${Date.now()}@example.com`;
      await page.goto('/signup');
      await page.getByLabel('Work email').fill(email);
      await page.getByLabel('Full name').fill('Twice Visited');
      await page.getByLabel('Company name').fill('Repeat Ltd');
      await page.getByLabel('Password', { exact: true }).fill('twice visited password');
      await page.getByLabel('Confirm password').fill('twice visited password');
      await page.getByRole('button', { name: 'Sign up' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      const mail = await api.waitForMail(email, /Verify/);
      await page.goto(mail.path!);
      await page.getByRole('heading', { name: 'Email Verified' }).waitFor();
      await page.goto(mail.path!);
      await page.getByRole('heading', { name: 'Email Verification Failed' }).waitFor();
      await page.getByText(ACCOUNT_MESSAGES.verifyLinkInvalid).waitFor();
      await page.getByRole('link', { name: 'Go to Login' }).waitFor();
      await screenshot(page, 'verify-failed');
    } finally {
      await context.close();
    }
  });

  it('a signed-in analyst who is not an admin cannot open an approval link', async () => {
    const { context, page } = await fresh();
    try {
      const user = await createApprovedUser(api, 'notadmin');
      await page.goto('/approve/some-token');
      await page.waitForURL((url) => url.pathname === '/login');
      await signIn(page, user.email, user.password);
      await page.waitForURL((url) => url.pathname === '/approve/some-token');
      await page.getByRole('alert').filter({ hasText: ACCOUNT_MESSAGES.adminOnly }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('forgot and reset password', () => {
  it('mails a reset link, sets a new password, and the old one stops working', async () => {
    const { context, page, errors } = await fresh();
    try {
      const user = await createApprovedUser(api, 'resetter');
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL((url) => url.pathname === '/forgot_password');
      await page.getByRole('heading', { name: 'Reset your password' }).waitFor();

      // Browser-level checks (spec 1 section 5): required, e-mail format; nothing is sent.
      const email = page.getByLabel('Email');
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      assert.equal(await email.evaluate((el: HTMLInputElement) => el.validity.valueMissing), true);
      await email.fill('not-an-email');
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      assert.equal(await email.evaluate((el: HTMLInputElement) => el.validity.typeMismatch), true);
      assert.equal((await api.mails(user.email)).filter((m) => /Reset/.test(m.subject)).length, 0);

      await email.fill(user.email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await toast(page, ACCOUNT_MESSAGES.resetRequested);
      await page.getByRole('status').filter({ hasText: ACCOUNT_MESSAGES.resetRequested }).first().waitFor();
      await screenshot(page, 'forgot-password');

      const mail = await api.waitForMail(user.email, /Reset your Credence password/);
      assert.match(mail.path!, /^\/reset-password\/[\w-]+$/);
      await page.goto(mail.path!);
      await page.getByRole('heading', { name: 'Set New Password' }).waitFor();

      // The spec's messages first.
      await page.getByRole('button', { name: 'Reset password' }).click();
      await page.getByText(ACCOUNT_MESSAGES.emailRequired).waitFor();
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('New password').fill('a brand new password');
      await page.getByLabel('Confirm password').fill('a different password');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await page.getByText(ACCOUNT_MESSAGES.resetPasswordsDontMatch).waitFor();
      await screenshot(page, 'reset-password-errors');

      // The show/hide toggle.
      const newPassword = page.getByLabel('New password');
      assert.equal(await newPassword.getAttribute('type'), 'password');
      await page.getByRole('button', { name: 'Show new password' }).click();
      assert.equal(await newPassword.getAttribute('type'), 'text');
      await page.getByRole('button', { name: 'Hide new password' }).click();
      assert.equal(await newPassword.getAttribute('type'), 'password');

      await page.getByLabel('Confirm password').fill('a brand new password');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await toast(page, ACCOUNT_MESSAGES.resetDone);
      await page.waitForURL((url) => url.pathname === '/login');

      await signIn(page, user.email, user.password);
      await page.getByRole('alert').filter({ hasText: ACCOUNT_MESSAGES.invalidCredentials }).first().waitFor();
      await signIn(page, user.email, 'a brand new password');
      await page.waitForURL((url) => url.pathname === '/home');

      // The link was used: opening it again (signed out) fails with the API's message.
      await page.evaluate(() => localStorage.removeItem('token'));
      await page.goto(mail.path!);
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('New password').fill('yet another password');
      await page.getByLabel('Confirm password').fill('yet another password');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await page.getByRole('alert').filter({ hasText: ACCOUNT_MESSAGES.resetLinkInvalid }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('sends signed-in users away from the forgot and reset pages', async () => {
    const { context, page } = await fresh();
    try {
      const user = await createApprovedUser(api, 'away');
      await page.goto('/login');
      await signIn(page, user.email, user.password);
      await page.waitForURL((url) => url.pathname === '/home');
      for (const path of ['/forgot_password', '/reset-password/abc', '/signup', '/login']) {
        await page.goto(path);
        await page.waitForURL((url) => url.pathname === '/home');
      }
    } finally {
      await context.close();
    }
  });
});

describe("bad input shows the spec's messages", () => {
  it('sign-in: e-mail, then password, and editing a field clears its error', async () => {
    const { context, page } = await fresh();
    try {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText(ACCOUNT_MESSAGES.invalidEmail).waitFor();
      assert.equal(await page.getByLabel('Email').getAttribute('aria-invalid'), 'true');
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('type')), 'email', 'focus moves to the failing field');
      await page.getByLabel('Email').fill('ada@example.com');
      assert.equal(await page.getByText(ACCOUNT_MESSAGES.invalidEmail).count(), 0);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText(ACCOUNT_MESSAGES.passwordRequired).waitFor();
      await screenshot(page, 'login-errors');
      await page.getByLabel('Password', { exact: true }).fill('wrong password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').filter({ hasText: ACCOUNT_MESSAGES.invalidCredentials }).first().waitFor();
      await toast(page, ACCOUNT_MESSAGES.invalidCredentials);
      assert.equal(await page.getByLabel('Password', { exact: true }).inputValue(), '');
    } finally {
      await context.close();
    }
  });

  it('sign-up: each check in the spec order, the live mismatch label, and a registered e-mail answered like a new one', async () => {
    const { context, page } = await fresh();
    try {
      await page.goto('/signup');
      const submit = () => page.getByRole('button', { name: 'Sign up' }).click();
      const steps: [string, () => Promise<void>][] = [
        [ACCOUNT_MESSAGES.invalidEmail, async () => page.getByLabel('Work email').fill('ada@')],
        [ACCOUNT_MESSAGES.fullNameRequired, async () => page.getByLabel('Work email').fill('ada@example.com')],
        [ACCOUNT_MESSAGES.companyNameRequired, async () => page.getByLabel('Full name').fill('Ada Lovelace')],
        [ACCOUNT_MESSAGES.passwordTooShort, async () => page.getByLabel('Company name').fill('Engines Ltd')],
        [
          ACCOUNT_MESSAGES.passwordsDontMatch,
          async () => {
            await page.getByLabel('Password', { exact: true }).fill('long enough password');
            await page.getByLabel('Confirm password').fill('long enough passwort');
          },
        ],
      ];
      for (const [message, fill] of steps) {
        await fill();
        await submit();
        await page.getByRole('alert').filter({ hasText: message }).waitFor();
        assert.equal(await page.locator('.field__error').count(), 1, 'one error at a time');
      }
      await screenshot(page, 'signup-errors');
      await page.getByLabel('Confirm password').fill('long enough passwor');
      await page.getByText('Passwords do not match').waitFor();
      await page.getByLabel('Confirm password').fill('long enough password');
      assert.equal(await page.getByText('Passwords do not match').count(), 0);

      // A registered address is answered like a new one (the API does not tell who has an account;
      // it mails the owner instead): the same "check your email" success.
      await page.getByLabel('Work email').fill(ADMIN_EMAIL);
      await submit();
      await toast(page, ACCOUNT_MESSAGES.signupCheckEmail);
      await page.waitForURL((url) => url.pathname === '/login');
    } finally {
      await context.close();
    }
  });

  it('shows the submitting state: button disabled with a spinner while the call runs', async () => {
    const { context, page } = await fresh();
    try {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route('**/api/login', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/login');
      await page.getByLabel('Email').fill('ada@example.com');
      await page.getByLabel('Password', { exact: true }).fill('whatever it is');
      await page.getByRole('button', { name: 'Sign in' }).click();
      const busy = page.getByRole('button', { name: 'Signing in…' });
      await busy.waitFor();
      assert.equal(await busy.isDisabled(), true);
      assert.equal(await busy.getAttribute('aria-busy'), 'true');
      assert.equal(await busy.locator('.spinner').count(), 1);
      release();
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('protected routes and the session', () => {
  it('sends a visitor to /login with the address, and back there after signing in', async () => {
    const { context, page } = await fresh();
    try {
      const user = await createApprovedUser(api, 'deeplink');
      await page.goto('/uk/?companyNumber=01234567&category=overview#officers');
      await page.waitForURL((url) => url.pathname === '/login');
      assert.equal(new URL(page.url()).searchParams.get('redirect'), '/uk/?companyNumber=01234567&category=overview#officers');
      await screenshot(page, 'login');
      // The link to sign-up keeps the redirect along.
      const signupHref = (await page.getByRole('link', { name: 'Create an account' }).getAttribute('href')) ?? '';
      assert.equal(new URL(signupHref, api.url).searchParams.get('redirect'), '/uk/?companyNumber=01234567&category=overview#officers');
      await signIn(page, user.email, user.password);
      await page.waitForURL((url) => url.pathname === '/uk/');
      assert.equal(pathOf(page), '/uk/?companyNumber=01234567&category=overview');
      assert.equal(new URL(page.url()).hash, '#officers');
      // The address the visitor asked for is what opens (this database holds no companies: its answer).
      await page.getByRole('alert').filter({ hasText: 'Company with number 01234567 not found.' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('never redirects off the site after signing in', async () => {
    const { context, page } = await fresh();
    try {
      const user = await createApprovedUser(api, 'offsite');
      await page.goto('/login?redirect=https%3A%2F%2Fevil.example%2F');
      await signIn(page, user.email, user.password);
      await page.waitForURL((url) => url.pathname === '/home');
      assert.equal(new URL(page.url()).origin, api.url.replace('localhost', new URL(page.url()).hostname));
    } finally {
      await context.close();
    }
  });

  it('clears an expired token on load and asks to sign in again', async () => {
    const { context, page } = await fresh();
    try {
      await page.goto('/login');
      await page.evaluate(
        (token) => localStorage.setItem('token', token),
        fakeToken({ full_name: 'Old', email: 'old@example.com', exp: Math.floor(Date.now() / 1000) - 60 }),
      );
      await page.goto('/home');
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/home');
      assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
      await toast(page, ACCOUNT_MESSAGES.sessionInvalid);
    } finally {
      await context.close();
    }
  });

  it('notices a token expiring while the page is open (first check at 2.5 s, then every 5 s)', async () => {
    // On the page's fake clock, paused at a whole second, so the test moves time itself.
    const { context, page } = await fresh();
    // The token is made up, so the API answers any call with it (the header's alerts bell makes
    // some) with 401, which ends the session at once: hold every API call unanswered, so that only
    // the page's own expiry checks can end it here.
    await page.route('**/api/**', () => undefined);
    const onHome = async () => (await page.evaluate(() => location.pathname)) === '/home';
    /** Opens /home with a token that expires `expiresIn` ms after the page loads; answers the load time. */
    async function openExpiringIn(expiresIn: number) {
      await page.goto('/login');
      const loaded = await page.evaluate(() => Date.now());
      await page.evaluate(
        (token) => localStorage.setItem('token', token),
        fakeToken({ full_name: 'Brief Session', email: 'brief@example.com', exp: (loaded + expiresIn) / 1000 }),
      );
      await page.goto('/home');
      assert.equal(await page.evaluate(() => Date.now()), loaded, 'the clock stands still while the page loads');
      assert.equal(await onHome(), true);
    }
    try {
      await page.clock.install({ time: new Date('2026-01-05T09:00:00Z') });
      await page.clock.pauseAt(new Date('2026-01-05T09:00:01Z'));

      // expired 1 s after load: nothing notices before the first check at 2.5 s, which does
      await openExpiringIn(1000);
      await page.clock.runFor(2490);
      assert.equal(await onHome(), true, 'no check before 2.5 s');
      await page.clock.runFor(20);
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/home');
      assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);

      // expired 4 s after load: the first check (2.5 s) passes it, the next, 5 s later (7.5 s), ends it
      await page.clock.pauseAt(new Date('2026-01-05T09:01:00Z'));
      await openExpiringIn(4000);
      await page.clock.runFor(7490);
      assert.equal(await onHome(), true, 'no check between 2.5 s and 7.5 s');
      await page.clock.runFor(20);
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/home');
      assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
    } finally {
      await context.close();
    }
  });

  it('follows a sign-out in another tab', async () => {
    const { context, page } = await fresh();
    try {
      const user = await createApprovedUser(api, 'twotabs');
      await page.goto('/login');
      await signIn(page, user.email, user.password);
      await page.waitForURL((url) => url.pathname === '/home');
      const other = await context.newPage();
      await other.goto(`${api.url}/home`);
      await other.getByRole('button', { name: /^Account:/ }).click();
      await other.getByRole('button', { name: 'Log out' }).click();
      await other.waitForURL((url) => url.pathname === '/login');
      await page.waitForURL((url) => url.pathname === '/login');
    } finally {
      await context.close();
    }
  });
});
