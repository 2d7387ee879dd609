/**
 * The monitor's instances (issue 28 §3): one row each with its name (never broken mid-word), id,
 * state in its colour, and where the backend knows them type, launch time and SSM status.
 */
import { launchTimeText, ssmStatusText, type OpsInstance } from '@credence/shared';
import { StateBadge } from './state-badge.tsx';

interface Props {
  instances: OpsInstance[];
  chosen: string | null;
  onChoose(instance: OpsInstance): void;
}

export function InstanceTable({ instances, chosen, onChoose }: Props) {
  const aws = instances.some((i) => i.ssm !== undefined || i.type);
  return (
    <table className="ops__instances">
      <thead>
        <tr>
          <th scope="col">Instance</th>
          <th scope="col">State</th>
          {aws && <th scope="col">SSM</th>}
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
          </tr>
        ))}
      </tbody>
    </table>
  );
}
