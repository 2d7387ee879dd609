/**
 * The monitor's instances (issue 28 §3): one row each with its name (never broken mid-word), id,
 * state in its colour, and where the backend knows them type, launch time and SSM status; with
 * `onAction`, Start and Stop on each row (asked first, the state shown while it changes; off on
 * the local backend, whose host cannot start or stop itself, with the reason as their title).
 */
import { canStart, canStop, launchTimeText, OPS_TEXTS, ssmStatusText, type OpsAction, type OpsInstance } from '@credence/shared';
import { Button } from '../../ui/button.tsx';
import { StateBadge } from './state-badge.tsx';

interface Props {
  instances: readonly OpsInstance[];
  chosen: string | null;
  onChoose(instance: OpsInstance): void;
  /** Start or stop asked for on a row (the page confirms it first). */
  onAction?(instance: OpsInstance, action: OpsAction): void;
  /** The row being started or stopped, and which. */
  busy?: { id: string; action: OpsAction } | null;
}

export function InstanceTable({ instances, chosen, onChoose, onAction, busy = null }: Props) {
  const aws = instances.some((i) => i.ssm !== undefined || i.type);
  return (
    <table className="ops__instances">
      <thead>
        <tr>
          <th scope="col">Instance</th>
          <th scope="col">State</th>
          {aws && <th scope="col">SSM</th>}
          {onAction && <th scope="col">Actions</th>}
        </tr>
      </thead>
      <tbody>
        {instances.map((i) => (
          <tr key={i.id} aria-current={i.id === chosen || undefined}>
            <td>
              <button type="button" className="ops__instance" onClick={() => onChoose(i)}>
                <span className="ops__instance-name">{i.name || i.id}</span>
                <span className="ops__instance-detail">
                  {[i.id, ...(aws ? [i.type ?? '-', `since ${launchTimeText(i.launch_time)}`] : [])].join(' · ')}
                </span>
              </button>
            </td>
            <td>
              <StateBadge state={i.state} />
            </td>
            {aws && <td className="ops__instance-ssm">{ssmStatusText(i)}</td>}
            {onAction && (
              <td className="ops__row-actions">
                <RowActions instance={i} busy={busy} onAction={onAction} />
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RowActions({
  instance,
  busy,
  onAction,
}: {
  instance: OpsInstance;
  busy: Props['busy'];
  onAction: NonNullable<Props['onAction']>;
}) {
  // the local backend's one instance is this host (id `local`): it cannot start or stop itself
  const local = instance.id === 'local';
  const name = instance.name || instance.id;
  const working = busy !== null;
  const button = (action: OpsAction) => {
    const allowed = action === 'start' ? canStart(instance.state, working) : canStop(instance.state, working);
    return (
      <Button
        variant="secondary"
        aria-label={`${action === 'start' ? 'Start' : 'Stop'} ${name}`}
        title={local ? OPS_TEXTS.localStartStop : undefined}
        disabled={local || !allowed}
        busy={busy?.id === instance.id && busy.action === action}
        busyLabel={action === 'start' ? 'Starting…' : 'Stopping…'}
        onClick={() => onAction(instance, action)}
      >
        {action === 'start' ? 'Start' : 'Stop'}
      </Button>
    );
  };
  return (
    <>
      {button('start')} {button('stop')}
    </>
  );
}
