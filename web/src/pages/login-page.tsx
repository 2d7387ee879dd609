import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { loginError } from '@credence/shared';
import { useServices } from '../app/services.tsx';
import { AuthLayout } from '../features/accounts/auth-layout.tsx';
import { loginFailureMessage } from '../features/accounts/failures.ts';
import { fieldOfMessage } from '../features/accounts/form-state.ts';
import { useForm } from '../features/accounts/use-form.ts';
import { withRedirect } from '../features/session/redirect.ts';
import { Button } from '../ui/button.tsx';
import { FormError, PasswordField, TextField } from '../ui/field.tsx';
import { TOAST_ERROR_MS, useToaster } from '../ui/toasts.tsx';

/**
 * /login (spec 1 sections 2, 4, 5, 8). On success the session is stored and the signed-out guard
 * sends the user on to the redirect parameter (a path of this site) or /home.
 */
export default function LoginPage() {
  const { client } = useServices();
  const toaster = useToaster();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const form = useForm({ email: '', password: '' });
  const { values, fieldErrors, generalError, submitting } = form.state;

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
        <PasswordField label="Password" autoComplete="current-password" error={fieldErrors.password} inputRef={form.ref('password')} {...form.field('password')} />
        <div className="form__row form__row--end">
          <Link to="/forgot_password">Forgot password?</Link>
        </div>
        <Button type="submit" block busy={submitting} busyLabel="Signing in…">
          Sign in
        </Button>
      </form>
    </AuthLayout>
  );
}
