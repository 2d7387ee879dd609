import { SalesForm } from '../parts/sales-form.tsx';

const BENEFITS = [
  'Analyse 100,000+ companies and 10M+ filings from day one',
  'Spot refinancing risk, ownership changes and legal triggers early',
  'One platform for screening, search and diligence',
] as const;

/** /contact-sales (spec 1 section 2): the benefits beside the free-trial form. */
export default function ContactSalesPage() {
  return (
    <main id="main" className="contact-sales">
      <section className="two-columns">
        <div>
          <h1>Try Credence For Free</h1>
          <ul className="benefits">
            {BENEFITS.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>
        </div>
        <div className="panel">
          <h2>Connect Now For a Free Trial</h2>
          <SalesForm kind="trial" submitLabel="Request Free Trial" />
        </div>
      </section>
    </main>
  );
}
