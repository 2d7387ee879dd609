import { ClosingCta } from '../parts/cta.tsx';

const INDUSTRIES = [
  {
    title: 'Asset Management',
    text: 'Watch every issuer in the book, screen for new ideas and brief the committee with figures that carry their sources.',
  },
  {
    title: 'Consulting',
    text: 'Map a sector, its companies, lenders and owners in a day, and keep the map current while the project runs.',
  },
  {
    title: 'Investment & Corporate Banking',
    text: 'Qualify targets and counterparties, read capital structures and prepare pitch books from filings, not memory.',
  },
  {
    title: 'Sell-Side Research',
    text: 'Cover more names with the same team: KPIs from filings, peers side by side and alerts when something changes.',
  },
] as const;

/** /solutions and /revamped-website (spec 1 section 2): hero, four industries revealed as they scroll in, BOOK A DEMO. */
export default function SolutionsPage() {
  return (
    <main id="main" className="solutions">
      <section className="page-hero">
        <h1>Solutions for every desk that reads filings</h1>
        <p>The same data and analyst, shaped around how each team works.</p>
      </section>
      {INDUSTRIES.map((industry, index) => (
        <section key={industry.title} className={`industry reveal${index % 2 ? ' industry--reverse' : ''}`}>
          <h2>{industry.title}</h2>
          <p>{industry.text}</p>
        </section>
      ))}
      <ClosingCta
        title="Find out what Credence does for your desk"
        text="A walk-through on the companies you cover."
        action="BOOK A DEMO"
      />
    </main>
  );
}
