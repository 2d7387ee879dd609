import { Link } from 'react-router';
import { ClosingCta } from '../parts/cta.tsx';
import { RoiCalculator } from '../parts/roi-calculator.tsx';
import { SalesForm } from '../parts/sales-form.tsx';

const PERSONAS = [
  {
    title: 'For Asset Managers',
    text: 'Monitor every issuer in the portfolio for new charges, late accounts and ownership changes, and answer the investment committee with sourced figures.',
  },
  {
    title: 'For M&A Teams',
    text: 'Build a target list from the screener, read the capital structure of each name and take the tables straight into the model.',
  },
  {
    title: 'For Consultants',
    text: 'Start a sector study with every company, filing and lender already indexed, and spend the first week on insight instead of collection.',
  },
] as const;

/** /pricing (spec 1 section 2): Book a Demo, the get-pricing form, the ROI calculator, three personas, closing call. */
export default function PricingPage() {
  return (
    <main id="main" className="pricing">
      <section className="page-hero">
        <h1>Pricing that follows your team</h1>
        <p>Every plan includes the full data set, the screeners and the AI analyst. Tell us about your team and we will send a quote.</p>
        <Link className="button button--primary button--large" to="/contact-sales">
          <span>Book a Demo</span>
        </Link>
      </section>
      <section className="pricing__grid" aria-label="Pricing request and ROI">
        <div className="panel">
          <h2>Get pricing</h2>
          <p>We answer within one working day.</p>
          <SalesForm kind="pricing" submitLabel="Get Pricing" />
        </div>
        <div className="panel">
          <h2>What would Credence save you?</h2>
          <RoiCalculator />
        </div>
      </section>
      <section className="personas" aria-label="Who uses Credence">
        {PERSONAS.map((persona) => (
          <article key={persona.title} className="persona">
            <h2>{persona.title}</h2>
            <p>{persona.text}</p>
          </article>
        ))}
      </section>
      <ClosingCta title="See it on your own companies" text="A thirty-minute call, your watch list, real filings." />
    </main>
  );
}
