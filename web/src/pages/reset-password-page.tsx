import type { FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ACCOUNT_MESSAGES, PASSWORD_MIN_LENGTH, resetPasswordError } from '@credence/shared';
import { useServices } from '../app/services.tsx';
import { errorText } from '../features/api/web-api.ts';
import { AuthLayout } from '../features/accounts/auth-layout.tsx';
import { fieldOfMessage } from '../features/accounts/form-state.ts';
import { useForm } from '../features/accounts/use-form.ts';
import { Button } from '../ui/button.tsx';
import { FormError, PasswordField, TextField } from '../ui/field.tsx';
import { useToaster } from '../ui/toasts.tsx';

const FAILED = 'Failed to reset password. Please try again.';

/** /reset-password/:token (spec 1 sections 2, 5, 8): Set New Password. */
export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const { client } = useServices();
  const toaster = useToaster();
  const navigate = useNavigate();
  const form = useForm({ email: '', password: '', confirm_password: '' });
  const { values, fieldErrors, generalError, submitting } = form.state;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const invalid = resetPasswordError(values);
    if (invalid) {
      form.dispatch({ type: 'fail', message: invalid });
      const field = fieldOfMessage(invalid);
      form.focus(field === 'email' || field === 'password' || field === 'confirm_password' ? field : 'email');
      return;
    }
    form.dispatch({ type: 'submit' });
    try {
      const answer = await client.resetPassword({ token, email: values.email.trim(), password: values.password });
      form.dispatch({ type: 'done' });
      toaster.show('success', answer?.message || ACCOUNT_MESSAGES.resetDone);
      navigate('/login', { replace: true });
    } catch (error) {
      const message = errorText(error, FAILED);
      form.dispatch({ type: 'fail', message });
    }
  }

  return (
    <AuthLayout
      title="Set New Password"
      intro={<p>Enter the e-mail address of your account and choose a new password.</p>}
      footer={
        <p>
          <Link to="/forgot_password">Request a new link</Link> · <Link to="/login">Sign in</Link>
        </p>
      }
    >
      <form className="form" onSubmit={submit} noValidate>
        <FormError>{generalError}</FormError>
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
          label="New password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={fieldErrors.password}
          inputRef={form.ref('password')}
          {...form.field('password')}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          error={fieldErrors.confirm_password}
          inputRef={form.ref('confirm_password')}
          {...form.field('confirm_password')}
        />
        <Button type="submit" block busy={submitting} busyLabel="Saving…">
          Reset password
        </Button>
      </form>
    </AuthLayout>
  );
}
