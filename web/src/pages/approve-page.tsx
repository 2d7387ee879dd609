import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { ApprovalUserRecord } from '@credence/shared';
import { useServices } from '../app/services.tsx';
import { errorText } from '../features/api/web-api.ts';
import { approveFailure } from '../features/accounts/failures.ts';
import { approvalButtonDisabled, approvalButtonLabel, profileLink, type ApprovalButton } from '../features/accounts/approval.ts';
import { Button } from '../ui/button.tsx';
import { useDocumentTitle } from '../ui/document-title.ts';
import { Spinner } from '../ui/spinner.tsx';
import { useToaster } from '../ui/toasts.tsx';

type Applicant = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'loaded'; record: ApprovalUserRecord };

/** /approve/:token (spec 1 section 2): an administrator reviews an applicant and approves them. */
export default function ApprovePage() {
  useDocumentTitle('Approve account');
  const { token = '' } = useParams();
  const { client } = useServices();
  const toaster = useToaster();
  const [applicant, setApplicant] = useState<Applicant>({ state: 'loading' });
  const [button, setButton] = useState<ApprovalButton>('idle');
  const [approveError, setApproveError] = useState<string | null>(null);

  useEffect(() => {
    const controller = { live: true };
    setApplicant({ state: 'loading' });
    client.userByToken(token).then(
      (answer) => {
        if (!controller.live) return;
        const record = answer.data.data;
        setApplicant({ state: 'loaded', record });
        setButton(record.is_approved ? 'approved' : 'idle');
      },
      (error: unknown) =>
        controller.live && setApplicant({ state: 'failed', message: errorText(error, 'This approval link could not be opened.') }),
    );
    return () => {
      controller.live = false;
    };
  }, [client, token]);

  async function approve() {
    if (approvalButtonDisabled(button)) return;
    setButton('busy');
    setApproveError(null);
    try {
      const answer = await client.approve(token);
      setButton('approved');
      toaster.show('success', answer.message);
    } catch (error) {
      const { message, approved } = approveFailure(error);
      setButton(approved ? 'approved' : 'failed');
      setApproveError(message);
    }
  }

  return (
    <div className="page page--narrow">
      <h1 className="page__title">Approve account</h1>
      {applicant.state === 'loading' ? (
        <div className="panel panel--centered">
          <Spinner size="large" />
          <p role="status">Loading the applicant…</p>
        </div>
      ) : applicant.state === 'failed' ? (
        <div className="panel">
          <div className="notice notice--error" role="alert">
            <p>{applicant.message}</p>
          </div>
          <Link to="/home">Back to Databases</Link>
        </div>
      ) : (
        <section className="panel" aria-labelledby="applicant-name">
          <h2 id="applicant-name" className="panel__title">
            {applicant.record.full_name}
          </h2>
          <dl className="details">
            <div>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${applicant.record.email}`}>{applicant.record.email}</a>
              </dd>
            </div>
            <div>
              <dt>Company</dt>
              <dd>{applicant.record.company_name}</dd>
            </div>
            <div>
              <dt>Job title</dt>
              <dd>{applicant.record.job_role || '—'}</dd>
            </div>
            {profileLink(applicant.record) ? (
              <div>
                <dt>Professional profile</dt>
                <dd>
                  <a href={profileLink(applicant.record)!} target="_blank" rel="noopener noreferrer">
                    {profileLink(applicant.record)}
                  </a>
                </dd>
              </div>
            ) : null}
          </dl>
          {approveError ? (
            <div className="notice notice--error" role="alert">
              <p>{approveError}</p>
            </div>
          ) : null}
          <div className="panel__actions">
            <Button
              variant={button === 'failed' ? 'secondary' : 'primary'}
              className={button === 'approved' ? 'button--done' : undefined}
              busy={button === 'busy'}
              busyLabel="Approving…"
              disabled={approvalButtonDisabled(button)}
              onClick={approve}
            >
              {approvalButtonLabel(button)}
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}
