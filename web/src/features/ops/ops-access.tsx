/**
 * Who may use the ops pages (issue 17): the ops and admin roles. Anyone else sees the refusal the
 * API would give, not a page of failed calls; a 403 answered later (a role taken away) shows it too.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError, hasOpsRole, OPS_ROLE_REFUSAL } from '@credence/shared';
import { useSession } from '../../app/services.tsx';

export function OpsRefusal({ title }: { title: string }) {
  return (
    <section className="ops ops--refused" aria-labelledby="ops-refused-title">
      <h1 id="ops-refused-title">{title}</h1>
      <div className="notice notice--error" role="alert">
        <p>{OPS_ROLE_REFUSAL}</p>
        <p>You are signed in, but your account does not have it. Ask an administrator to grant you the ops role.</p>
      </div>
      <p>
        <Link to="/home">Back to the databases</Link>
      </p>
    </section>
  );
}

/** The children for ops and admin users; the refusal for everyone else. */
export function OpsAccess({ title, children }: { title: string; children: ReactNode }) {
  const { user } = useSession();
  if (!hasOpsRole(user?.role)) return <OpsRefusal title={title} />;
  return <>{children}</>;
}

export const isRefusal = (error: unknown): boolean => error instanceof ApiError && error.status === 403;
