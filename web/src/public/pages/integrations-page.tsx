import { ClosingCta } from '../parts/cta.tsx';

interface Integration {
  name: string;
  category: string;
  available: boolean;
  /** Two letters drawn on the card's tile (no other company's logo is reproduced). */
  mark: string;
  colour: string;
}

const INTEGRATIONS: readonly Integration[] = [
  { name: 'Companies House', category: 'Data source', available: true, mark: 'CH', colour: '#1f4fd1' },
  { name: 'SEC EDGAR', category: 'Data source', available: true, mark: 'SE', colour: '#0f766e' },
  { name: 'Excel workbooks', category: 'Export', available: true, mark: 'XL', colour: '#15803d' },
  { name: 'CSV and JSON Lines', category: 'Export', available: true, mark: 'CS', colour: '#475467' },
  { name: 'OpenAI-compatible models', category: 'AI', available: true, mark: 'AI', colour: '#7c3aed' },
  { name: 'Google sign-in', category: 'Identity', available: true, mark: 'G', colour: '#b42318' },
  { name: 'Microsoft sign-in', category: 'Identity', available: true, mark: 'MS', colour: '#175cd3' },
  { name: 'Amazon EC2', category: 'Operations', available: true, mark: 'EC', colour: '#b54708' },
  { name: 'Slack alerts', category: 'Alerts', available: false, mark: 'SL', colour: '#6941c6' },
  { name: 'Microsoft Teams alerts', category: 'Alerts', available: false, mark: 'TM', colour: '#3538cd' },
  { name: 'Webhooks', category: 'Alerts', available: false, mark: 'WH', colour: '#344054' },
];

/** /us/integrations (spec 3): the integrations grid, each card with its name, category, tile and availability. */
export default function IntegrationsPage() {
  return (
    <main id="main" className="integrations">
      <section className="page-hero">
        <h1>Integrations</h1>
        <p>Where Credence reads its data, where your results go, and how your team signs in.</p>
      </section>
      <ul className="card-grid integrations__grid" aria-label="Integrations">
        {INTEGRATIONS.map((item) => (
          <li key={item.name} className="card integration">
            <span className="integration__logo" aria-hidden="true" style={{ background: item.colour }}>
              {item.mark}
            </span>
            <h2>{item.name}</h2>
            <p>{item.category}</p>
            <span className={`badge${item.available ? ' badge--available' : ''}`}>{item.available ? 'Available' : 'Coming soon'}</span>
          </li>
        ))}
      </ul>
      <ClosingCta title="Need another integration?" text="Tell us which tools your team uses." action="Talk to sales" />
    </main>
  );
}
