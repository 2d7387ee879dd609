/**
 * Start and stop on a row of the monitor's instance list (issue 28 §3): the row asked about,
 * the call for that instance id (never the first by name), its outcome in words (the API's
 * "already running" message, or the state it moved to), and the list loaded again after.
 */
import { useState } from 'react';
import { actionOutcomeText, OPS_TEXTS, type ApiClient, type OpsAction, type OpsInstance } from '@credence/shared';
import { instanceError } from './failure.ts';
import { isRefusal } from './ops-access.tsx';

export interface RowActions {
  asking: { instance: OpsInstance; action: OpsAction } | null;
  busy: { id: string; action: OpsAction } | null;
  outcome: { tone: 'error' | 'success'; text: string } | null;
  ask(instance: OpsInstance, action: OpsAction): void;
  cancel(): void;
  confirm(): Promise<void>;
}

export function useRowActions(client: ApiClient, region: string, onDone: () => void, onRefused: () => void): RowActions {
  const [asking, setAsking] = useState<RowActions['asking']>(null);
  const [busy, setBusy] = useState<RowActions['busy']>(null);
  const [outcome, setOutcome] = useState<RowActions['outcome']>(null);
  return {
    asking,
    busy,
    outcome,
    ask: (instance, action) => (setOutcome(null), setAsking({ instance, action })),
    cancel: () => setAsking(null),
    async confirm() {
      if (!asking) return;
      const { instance, action } = asking;
      setAsking(null);
      setBusy({ id: instance.id, action });
      const target = { region, instance_id: instance.id };
      try {
        const answer = action === 'start' ? await client.opsStart(target) : await client.opsStop(target);
        if (answer.status === 'success')
          setOutcome({
            tone: 'success',
            text: answer.message ?? actionOutcomeText(action, answer.state, answer.instance_name ?? instance.name),
          });
        else setOutcome({ tone: 'error', text: answer.error || (action === 'start' ? OPS_TEXTS.startFailed : OPS_TEXTS.stopFailed) });
      } catch (error) {
        if (isRefusal(error)) return onRefused();
        setOutcome({
          tone: 'error',
          text:
            action === 'start'
              ? instanceError(OPS_TEXTS.startFailed, OPS_TEXTS.startError, error)
              : instanceError(OPS_TEXTS.stopFailed, OPS_TEXTS.stopError, error),
        });
      } finally {
        setBusy(null);
        onDone();
      }
    },
  };
}
