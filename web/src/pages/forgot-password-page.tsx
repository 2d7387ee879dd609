import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_MESSAGES } from '@credence/shared';
import { useServices } from '../app/services.tsx';
import { errorText } from '../features/api/web-api.ts';
import { AuthLayout } from '../features/accounts/auth-layout.tsx';
import { Button } from '../ui/button.tsx';
import { FormError, TextField } from '../ui/field.tsx';
import { useToaster } from '../ui/toasts.tsx';

const FAILED = 'Failed to process reset request. Please try again.';

/** /forgot_password (spec 1 sections 2, 5, 8): the e-mail is checked by the browser (required, e-mail format). */
export default function ForgotPasswordPage() {
  const { client } = useServices();
  const toaster = useToaster();
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      const answer = await client.requestReset(email.trim());
      const message = answer?.message || ACCOUNT_MESSAGES.resetRequested;
      setSent(message);
      toaster.show('success', message);
    } catch (failure) {
      setError(errorText(failure, FAILED));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout
      title="Reset your password"
      intro={<p>Enter the e-mail address of your account and we will send you a link to set a new password.</p>}
      footer={
        <p>
          Remembered it? <Link to="/login">Sign in</Link>
        </p>
      }
    >
      {sent ? (
        <div className="notice notice--success" role="status">
          <p>{sent}</p>
          <p>The link works once and expires in an hour.</p>
        </div>
      ) : null}
      <form className="form" onSubmit={submit}>
        <FormError>{error}</FormError>
        <TextField
          label="Email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          autoFocus
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(null);
          }}
        />
        <Button type="submit" block busy={submitting} busyLabel="Sending…">
          Send Reset Link
        </Button>
      </form>
    </AuthLayout>
  );
}
