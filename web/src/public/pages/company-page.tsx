import { Link } from 'react-router';
import { CAREERS_EMAIL } from '../site-config.ts';
import { FounderCards } from './team.tsx';

const OPENINGS = [
  {
    title: 'Senior Engineer',
    text: 'TypeScript across the API, the web app and the terminal client; search and data pipelines over millions of filings.',
  },
  {
    title: 'Sales Development Representative',
    text: 'Open conversations with credit funds, advisers and banks, and bring their questions back to the product team.',
  },
] as const;

/** /company (spec 1 section 2): hero, founders (#team), careers (#careers), contact (#contact). */
export default function CompanyPage() {
  return (
    <main id="main" className="company">
      <section className="page-hero">
        <h1>Combining Finance and AI Expertise</h1>
        <p>Credence is built by people who have done the analyst&apos;s job and people who build search and AI systems for a living.</p>
      </section>
      <section id="team" className="section" aria-labelledby="team-title">
        <h2 id="team-title">Founding team</h2>
        <FounderCards />
      </section>
      <section id="careers" className="section" aria-labelledby="careers-title">
        <h2 id="careers-title">Careers</h2>
        <div className="card-grid card-grid--two">
          {OPENINGS.map((job) => (
            <article key={job.title} className="card">
              <h3>{job.title}</h3>
              <p className="card__meta">Full-time · Remote</p>
              <p>{job.text}</p>
              <a className="button button--secondary" href={`mailto:${CAREERS_EMAIL}?subject=${encodeURIComponent(job.title)}`}>
                <span>Apply Now</span>
                <span className="visually-hidden"> for {job.title}</span>
              </a>
            </article>
          ))}
        </div>
      </section>
      <section id="contact" className="section section--center" aria-labelledby="company-contact">
        <h2 id="company-contact">Talk to us</h2>
        <p>See Credence on the companies you follow.</p>
        <Link className="button button--primary" to="/contact-sales">
          <span>Contact Sales</span>
        </Link>
      </section>
    </main>
  );
}
