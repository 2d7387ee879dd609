/**
 * /intern-instance-manager (spec 1 sections 2, 4, 7, 8): the managed instance's state in its
 * colour, its instance and system checks, Start and Stop (each confirmed first), Refresh, the
 * region selector; the status is polled every 30 s and reloaded after a start or stop.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  actionOutcomeText,
  canStart,
  canStop,
  OPS_CONSTANTS,
  OPS_TEXTS,
  type InstanceStatusResponse,
  type OpsAction,
} from '@credence/shared';
import { useServices } from '../app/services.tsx';
import { instanceError } from '../features/ops/failure.ts';
import { isRefusal, OpsAccess, OpsRefusal } from '../features/ops/ops-access.tsx';
import { RegionSelect, useOpsRegion } from '../features/ops/region-select.tsx';
import { Confirm } from '../features/ops/confirm.tsx';
import { CheckBadge, StateBadge } from '../features/ops/state-badge.tsx';
import { Button } from '../ui/button.tsx';
import { useDocumentTitle } from '../ui/document-title.ts';
import '../features/ops/ops.css';

const TITLE = 'Instance Manager';

export default function InstanceManagerPage() {
  useDocumentTitle(TITLE);
  return (
    <OpsAccess title={TITLE}>
      <InstanceManager />
    </OpsAccess>
  );
}

interface Outcome {
  tone: 'error' | 'success';
  text: string;
}

function InstanceManager() {
  const { client } = useServices();
  const [region, setRegion] = useOpsRegion();
  const [status, setStatus] = useState<InstanceStatusResponse | null>(null);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState<OpsAction | null>(null);
  const [confirming, setConfirming] = useState<OpsAction | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [refused, setRefused] = useState(false);
  const latest = useRef(0);

  const load = useCallback(async () => {
    const call = ++latest.current;
    setLoading(true);
    try {
      const answer = await client.opsStatus(region);
      if (call !== latest.current) return;
      setStatus(answer);
      if (answer.status === 'error') setOutcome({ tone: 'error', text: answer.error || OPS_TEXTS.statusFailed });
    } catch (error) {
      if (call !== latest.current) return;
      if (isRefusal(error)) setRefused(true);
      else setOutcome({ tone: 'error', text: instanceError(OPS_TEXTS.statusFailed, OPS_TEXTS.statusError, error) });
    } finally {
      if (call === latest.current) setLoading(false);
    }
  }, [client, region]);

  useEffect(() => {
    setOutcome(null);
    void load();
    const timer = setInterval(() => void load(), OPS_CONSTANTS.statusPollMs);
    return () => clearInterval(timer);
  }, [load]);

  async function act(action: OpsAction) {
    setConfirming(null);
    setBusy(action);
    setOutcome(null);
    try {
      const answer = action === 'start' ? await client.opsStart(region) : await client.opsStop(region);
      if (answer.status === 'success')
        setOutcome({ tone: 'success', text: answer.message ?? actionOutcomeText(action, answer.state, answer.instance_name) });
      else setOutcome({ tone: 'error', text: answer.error || (action === 'start' ? OPS_TEXTS.startFailed : OPS_TEXTS.stopFailed) });
      await load();
    } catch (error) {
      if (isRefusal(error)) setRefused(true);
      else if (action === 'start') setOutcome({ tone: 'error', text: instanceError(OPS_TEXTS.startFailed, OPS_TEXTS.startError, error) });
      else setOutcome({ tone: 'error', text: instanceError(OPS_TEXTS.stopFailed, OPS_TEXTS.stopError, error) });
    } finally {
      setBusy(null);
    }
  }

  if (refused) return <OpsRefusal title={TITLE} />;
  const state = status?.state;
  // The local backend's host cannot start or stop itself: both are off, and the reason is shown.
  const local = status?.backend === 'local';
  return (
    <section className="ops" aria-labelledby="im-title">
      <header className="ops__header">
        <h1 id="im-title">{TITLE}</h1>
        <RegionSelect region={region} onChange={setRegion} />
        <Button variant="secondary" onClick={() => void load()} busy={loading} busyLabel="Refreshing…">
          Refresh
        </Button>
      </header>
      {outcome && (
        <p className={`notice notice--${outcome.tone}`} role={outcome.tone === 'error' ? 'alert' : 'status'}>
          {outcome.text}
        </p>
      )}
      {status && (
        <dl className="ops-instance" aria-label="Instance status">
          <dt>Name</dt>
          <dd>{status.instance_name || '—'}</dd>
          <dt>Instance ID</dt>
          <dd>
            <code>{status.instance_id || '—'}</code>
          </dd>
          <dt>State</dt>
          <dd data-testid="instance-state">
            <StateBadge state={state} />
          </dd>
          <dt>Instance status</dt>
          <dd>
            <CheckBadge status={status.instance_status} />
          </dd>
          <dt>System status</dt>
          <dd>
            <CheckBadge status={status.system_status} />
          </dd>
          <dt>Backend</dt>
          <dd>{status.backend === 'local' ? 'this host (local)' : 'AWS EC2'}</dd>
        </dl>
      )}
      <div className="ops__actions">
        <Button
          onClick={() => setConfirming('start')}
          disabled={!status || local || !canStart(state, busy !== null)}
          busy={busy === 'start'}
          busyLabel="Starting…"
        >
          Start
        </Button>
        <Button
          variant="secondary"
          onClick={() => setConfirming('stop')}
          disabled={!status || local || !canStop(state, busy !== null)}
          busy={busy === 'stop'}
          busyLabel="Stopping…"
        >
          Stop
        </Button>
      </div>
      {local && <p className="ops__note">{OPS_TEXTS.localStartStop}</p>}
      {confirming && (
        <Confirm
          action={confirming}
          name={status?.instance_name || status?.instance_id || 'the instance'}
          onConfirm={() => void act(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
