import { useState } from 'react';
import { SalesForm } from '../parts/sales-form.tsx';
import { TEAM_BACKGROUNDS } from './landing-content.ts';
import { FounderCards } from './team.tsx';

/** /contact-us (spec 1 section 2): Meet Our Team, where the team worked, and Contact Us (open by default) with the free-trial form. */
export default function ContactUsPage() {
  const [open, setOpen] = useState(true);
  return (
    <main id="main" className="contact-us">
      <section className="page-hero">
        <h1>Meet Our Team</h1>
        <p>Finance practitioners and engineers building the analyst we always wanted.</p>
      </section>
      <section className="section" aria-label="Founders">
        <FounderCards />
      </section>
      <section className="logo-strip" aria-labelledby="worked-at">
        <h2 id="worked-at">Where we have worked</h2>
        <ul>
          {TEAM_BACKGROUNDS.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      </section>
      <section className="section collapsible">
        <h2>
          <button
            type="button"
            className="collapsible__toggle"
            aria-expanded={open}
            aria-controls="contact-us-form"
            onClick={() => setOpen((v) => !v)}
          >
            Contact Us
            <span aria-hidden="true">{open ? '−' : '+'}</span>
          </button>
        </h2>
        <div id="contact-us-form" className="panel" hidden={!open}>
          <p>Ask for a free trial and we will set up your account.</p>
          <SalesForm kind="trial" submitLabel="Start Free Trial" />
        </div>
      </section>
    </main>
  );
}
