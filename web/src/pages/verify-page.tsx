import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ACCOUNT_MESSAGES, type MessageResponse } from '@credence/shared';
import { useServices } from '../app/services.tsx';
import { errorText } from '../features/api/web-api.ts';
import { AuthLayout } from '../features/accounts/auth-layout.tsx';
import { onceByKey } from '../features/accounts/once.ts';
import { Spinner } from '../ui/spinner.tsx';

const verifyOnce = onceByKey<MessageResponse>();

type Verification = { state: 'pending' } | { state: 'verified'; message: string } | { state: 'failed'; message: string };

/** /verify/:token (spec 1 section 2): sends the verification on load; pending, verified or failed. */
export default function VerifyPage() {
  const { token = '' } = useParams();
  const { client } = useServices();
  const [result, setResult] = useState<Verification>({ state: 'pending' });

  useEffect(() => {
    let live = true;
    verifyOnce(token, () => client.verify(token)).then(
      (answer) => live && setResult({ state: 'verified', message: answer?.message || ACCOUNT_MESSAGES.emailVerified }),
      (error: unknown) => live && setResult({ state: 'failed', message: errorText(error, ACCOUNT_MESSAGES.verifyLinkInvalid) }),
    );
    return () => {
      live = false;
    };
  }, [client, token]);

  if (result.state === 'pending') {
    return (
      <AuthLayout title="Verifying your email">
        <div className="verify verify--pending">
          <Spinner size="large" />
          <p role="status">Verifying your email address…</p>
        </div>
      </AuthLayout>
    );
  }
  const verified = result.state === 'verified';
  return (
    <AuthLayout title={verified ? 'Email Verified' : 'Email Verification Failed'}>
      <div className={`verify verify--${result.state}`}>
        <div className={`notice notice--${verified ? 'success' : 'error'}`} role={verified ? 'status' : 'alert'}>
          <p>
            {verified
              ? 'Thank you for verifying your email address. Your account is now being reviewed: you will receive an email once it is approved.'
              : result.message}
          </p>
        </div>
        <Link className="button button--primary button--block" to="/login">
          <span>Go to Login</span>
        </Link>
      </div>
    </AuthLayout>
  );
}
