/**
 * The company header (spec 2 2.5: name, reg number, the registry's filing history, Export, Watch,
 * Insights Q&A), with the red distress banner beside the name; and the status badge. Status words,
 * tone, distress and the registry link are the shared rules the terminal uses too.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  companyDistress,
  companyStatusLabel,
  companyStatusTone,
  registryFilingHistoryUrl,
  STATUS_TONE_COLOURS,
  type CompanyProfile,
} from '@credence/shared';

export function StatusBadge({ status }: { status: string | null | undefined }) {
  const tone = companyStatusTone(status);
  return (
    <span className={`status-badge status-badge--${STATUS_TONE_COLOURS[tone]}`} data-tone={tone}>
      {companyStatusLabel(status)}
    </span>
  );
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

/** `watch`: the Watch control (features/watchlists), given by the page that has the user's services. */
export function CompanyHeader({ profile, notice, watch }: { profile: CompanyProfile; notice: string | null; watch?: ReactNode }) {
  return (
    <header className="company-header">
      <div>
        <div className="company-header__title">
          <h1 className="company-header__name">{profile.company_name}</h1>
          <DistressBanner status={profile.company_status} />
        </div>
        <p className="company-header__meta">
          Reg number <strong>{profile.company_number}</strong> ·{' '}
          <a href={registryFilingHistoryUrl(profile.company_number)} target="_blank" rel="noreferrer">
            Filing history on Companies House<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
        {notice && <p className="notice notice--info company-header__notice">{notice}</p>}
      </div>
      <div className="company-header__actions">
        <button type="button" className="button button--secondary" disabled title="Coming soon">
          Export
        </button>
        {watch}
        <Link className="button button--primary" to={`/analysis?companyNumber=${encodeURIComponent(profile.company_number)}`}>
          Insights Q&amp;A
        </Link>
      </div>
    </header>
  );
}
