import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_MESSAGES, DEFAULT_JOB_ROLE, DEFAULT_LINKEDIN_URL, PASSWORD_MIN_LENGTH, signupError } from '@credence/shared';
import { useServices } from '../app/services.tsx';
import { errorText } from '../features/api/web-api.ts';
import { AuthLayout } from '../features/accounts/auth-layout.tsx';
import { fieldOfMessage, type AccountField } from '../features/accounts/form-state.ts';
import { useForm } from '../features/accounts/use-form.ts';
import { withRedirect } from '../features/session/redirect.ts';
import { Button } from '../ui/button.tsx';
import { FormError, PasswordField, TextField } from '../ui/field.tsx';
import { useToaster } from '../ui/toasts.tsx';

/**
 * /signup (spec 1 sections 2, 3, 5, 8): the checks run in the spec's order and the first failure
 * shows beside its field; the confirmation says live when it does not match.
 */
export default function SignupPage() {
  const { client } = useServices();
  const toaster = useToaster();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const form = useForm<AccountField>({ email: '', full_name: '', company_name: '', password: '', confirm_password: '' });
  const { values, fieldErrors, generalError, submitting } = form.state;
  const mismatch = values.confirm_password !== '' && values.confirm_password !== values.password;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const invalid = signupError(values);
    if (invalid) {
      form.dispatch({ type: 'fail', message: invalid });
      form.focus(fieldOfMessage(invalid) ?? 'email');
      return;
    }
    form.dispatch({ type: 'submit' });
    try {
      const answer = await client.signup({
        email: values.email.trim(),
        full_name: values.full_name.trim(),
        company_name: values.company_name.trim(),
        password: values.password,
        job_role: DEFAULT_JOB_ROLE,
        linkedin_url: DEFAULT_LINKEDIN_URL,
      });
      form.dispatch({ type: 'done' });
      toaster.show('success', answer?.message || ACCOUNT_MESSAGES.signupCheckEmail);
      navigate(withRedirect('/login', redirect));
    } catch (error) {
      const message = errorText(error, 'Sign-up failed. Please try again.');
      form.dispatch({ type: 'fail', message });
      const field = fieldOfMessage(message);
      if (field) form.focus(field);
    }
  }

  return (
    <AuthLayout
      title="Create your account"
      intro={<p>We verify your e-mail address, then our team approves your access.</p>}
      footer={
        <p>
          Already have an account? <Link to={withRedirect('/login', redirect)}>Sign in</Link>
        </p>
      }
    >
      <form className="form" onSubmit={submit} noValidate>
        <FormError>{generalError}</FormError>
        <TextField
          label="Work email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoFocus
          error={fieldErrors.email}
          inputRef={form.ref('email')}
          {...form.field('email')}
        />
        <TextField
          label="Full name"
          autoComplete="name"
          error={fieldErrors.full_name}
          inputRef={form.ref('full_name')}
          {...form.field('full_name')}
        />
        <TextField
          label="Company name"
          autoComplete="organization"
          error={fieldErrors.company_name}
          inputRef={form.ref('company_name')}
          {...form.field('company_name')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={fieldErrors.password}
          inputRef={form.ref('password')}
          {...form.field('password')}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          hint={
            mismatch && !fieldErrors.confirm_password ? <span className="field__live-mismatch">Passwords do not match</span> : undefined
          }
          error={fieldErrors.confirm_password}
          inputRef={form.ref('confirm_password')}
          {...form.field('confirm_password')}
        />
        <Button type="submit" block busy={submitting} busyLabel="Creating account…">
          Sign up
        </Button>
      </form>
    </AuthLayout>
  );
}
