/** A company's status badge and its distress banner, by the shared rules (status label, tone, distress). */
import { companyDistress, companyStatusLabel, companyStatusTone } from '@credence/shared';

export function StatusBadge({ status }: { status: string | null | undefined }) {
  return <span className={`status-badge status-badge--${companyStatusTone(status)}`}>{companyStatusLabel(status)}</span>;
}

/** The red banner beside the company name when it is in administration, receivership, liquidation, ...; nothing otherwise. */
export function DistressBanner({ status }: { status: string | null | undefined }) {
  const distress = companyDistress(status);
  if (!distress) return null;
  return (
    <p className="distress-banner" role="alert" data-distress={distress.kind}>
      <strong className="distress-banner__title">{distress.title}</strong>
      <span className="distress-banner__text">{distress.text}</span>
    </p>
  );
}
