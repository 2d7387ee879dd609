import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginError, type AuthProvidersResponse } from '@credence/shared';
import { useServices } from '../app/services.tsx';
import { AuthLayout } from '../features/accounts/auth-layout.tsx';
import { loginFailureMessage } from '../features/accounts/failures.ts';
import { onceByKey } from '../features/accounts/once.ts';
import { OAUTH_TEXTS, oauthFailureMessage, readProviderReturn, startSignIn, type OAuthProvider } from '../features/accounts/oauth.ts';
import { fieldOfMessage } from '../features/accounts/form-state.ts';
import { useForm } from '../features/accounts/use-form.ts';
import { withRedirect } from '../features/session/redirect.ts';
import { Button } from '../ui/button.tsx';
import { FormError, PasswordField, TextField } from '../ui/field.tsx';
import { TOAST_ERROR_MS, useToaster } from '../ui/toasts.tsx';

/** A provider's answer is read and posted once per page load (it arrives with a full page load), whatever remounts do. */
const finishOnce = onceByKey<{ provider: OAuthProvider | null; error: string | null; shown?: boolean } | null>();

const PROVIDER_NAMES: Record<OAuthProvider, string> = { google: 'Google', microsoft: 'Microsoft' };

/**
 * /login (spec 1 sections 2, 4, 5, 8). On success the session is stored and the signed-out guard
 * sends the user on to the redirect parameter (a path of this site) or /home. Google and Microsoft
 * show when the server is configured for them (GET /api/auth/providers); see features/accounts/oauth.ts.
 */
export default function LoginPage() {
  const { client } = useServices();
  const toaster = useToaster();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const form = useForm({ email: '', password: '' });
  const { values, fieldErrors, generalError, submitting } = form.state;
  const [providers, setProviders] = useState<AuthProvidersResponse | null>(null);
  const [finishing, setFinishing] = useState<OAuthProvider | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    client.authProviders({ signal: abort.signal }).then(setProviders, () => undefined);
    return () => abort.abort();
  }, [client]);

  // Back from a provider: clean the address at once, then post its answer (once).
  useEffect(() => {
    let live = true;
    const { search, hash } = window.location;
    void finishOnce('provider-return', async () => {
      const answer = readProviderReturn(search, hash, sessionStorage);
      if (answer.kind === 'none') return null;
      navigate(withRedirect('/login', answer.redirect), { replace: true });
      if (answer.kind === 'failed') return { provider: answer.provider, error: oauthFailureMessage(answer.provider, null) };
      setFinishing(answer.kind);
      try {
        if (answer.kind === 'microsoft') await client.microsoftLogin(answer.code);
        else await client.googleLogin({ oauth_token: answer.accessToken });
        return { provider: answer.kind, error: null };
      } catch (error) {
        return { provider: answer.kind, error: oauthFailureMessage(answer.kind, error) };
      }
    }).then((result) => {
      if (!live || !result || result.shown) return;
      result.shown = true; // a later visit to /login in this page load does not say it again
      setFinishing(null);
      if (result.error) {
        form.dispatch({ type: 'fail', message: result.error, field: null });
        toaster.show('error', result.error, TOAST_ERROR_MS);
      }
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client]);

  function signInWith(provider: OAuthProvider) {
    try {
      window.location.assign(startSignIn(provider, providers!, redirect, sessionStorage));
    } catch {
      toaster.show('error', provider === 'google' ? OAUTH_TEXTS.googleInit : OAUTH_TEXTS.microsoftInit, TOAST_ERROR_MS);
    }
  }
  const offered = (['google', 'microsoft'] as const).filter((p) => providers?.[p]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const invalid = loginError(values);
    if (invalid) {
      form.dispatch({ type: 'fail', message: invalid });
      form.focus(fieldOfMessage(invalid) === 'password' ? 'password' : 'email');
      return;
    }
    form.dispatch({ type: 'submit' });
    try {
      await client.login({ email: values.email.trim(), password: values.password });
      // The client stored the token through the session: the guard navigates from here.
      form.dispatch({ type: 'done' });
    } catch (error) {
      const message = loginFailureMessage(error);
      // A failed sign-in clears the password (spec 1 section 4); the message is general, not the field's.
      form.dispatch({ type: 'fail', message, field: null, clear: ['password'] });
      toaster.show('error', message, TOAST_ERROR_MS);
      form.focus('password');
    }
  }

  return (
    <AuthLayout
      title="Sign in"
      intro={<p>Welcome back. Sign in with your work e-mail address.</p>}
      footer={
        <p>
          New to Credence? <Link to={withRedirect('/signup', redirect)}>Create an account</Link>
        </p>
      }
    >
      <form className="form" onSubmit={submit} noValidate aria-describedby={generalError ? 'login-error' : undefined}>
        <FormError>{generalError ? <span id="login-error">{generalError}</span> : null}</FormError>
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          autoFocus
          error={fieldErrors.email}
          inputRef={form.ref('email')}
          {...form.field('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={fieldErrors.password}
          inputRef={form.ref('password')}
          {...form.field('password')}
        />
        <div className="form__row form__row--end">
          <Link to="/forgot_password">Forgot password?</Link>
        </div>
        <Button type="submit" block busy={submitting} busyLabel="Signing in…" disabled={finishing !== null}>
          Sign in
        </Button>
      </form>
      {offered.length > 0 && (
        <div className="oauth" role="group" aria-label="Other ways to sign in">
          <p className="oauth__or">or</p>
          {offered.map((p) => (
            <Button
              key={p}
              type="button"
              variant="secondary"
              block
              busy={finishing === p}
              busyLabel={`Signing in with ${PROVIDER_NAMES[p]}…`}
              disabled={finishing !== null || submitting}
              onClick={() => signInWith(p)}
            >
              Sign in with {PROVIDER_NAMES[p]}
            </Button>
          ))}
        </div>
      )}
    </AuthLayout>
  );
}
