import { Link } from 'react-router';
import { LANDING_COUNTERS } from '@credence/shared';
import { Counter } from '../parts/counter.tsx';
import { TypingText } from '../parts/typing-text.tsx';
import { BOOKING_URL, isExternal } from '../site-config.ts';
import { ProductTour } from './product-tour.tsx';
import { FEATURE_BLOCKS, HERO_METRICS, TEAM_BACKGROUNDS, TESTIMONIALS } from './landing-content.ts';

function ScheduleCall() {
  if (isExternal(BOOKING_URL)) {
    return (
      <a className="button button--primary button--large" href={BOOKING_URL} target="_blank" rel="noopener noreferrer">
        <span>Schedule a Call</span>
        <span className="visually-hidden"> (opens the booking page in a new tab)</span>
      </a>
    );
  }
  return (
    <Link className="button button--primary button--large" to={BOOKING_URL}>
      <span>Schedule a Call</span>
    </Link>
  );
}

/** `/` (spec 1 sections 1, 2 and 4): hero, team backgrounds, product tour, counters, features, testimonials. */
export default function LandingPage() {
  return (
    <main id="main" className="landing">
      <section className="hero" id="product">
        <div className="hero__text">
          <p className="eyebrow">The AI financial analyst you can trust</p>
          <h1>Financial Data and Analytics, Reimagined</h1>
          <p className="hero__lead">
            <TypingText text="Search, screen and monitor every company with an analyst that shows its sources." />
          </p>
          <div className="hero__actions">
            <ScheduleCall />
            <Link className="button button--secondary button--large" to="/contact-us">
              <span>Contact Us</span>
            </Link>
          </div>
        </div>
        <ul className="hero__metrics" aria-label="Metrics Credence computes">
          {HERO_METRICS.map((metric) => (
            <li key={metric}>{metric}</li>
          ))}
        </ul>
      </section>

      <section className="logo-strip" aria-labelledby="team-backgrounds">
        <h2 id="team-backgrounds">Built by people from</h2>
        <ul>
          {TEAM_BACKGROUNDS.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      </section>

      <ProductTour />

      <section className="stats" aria-labelledby="stats-title">
        <h2 id="stats-title" className="visually-hidden">
          Credence in numbers
        </h2>
        {LANDING_COUNTERS.map((counter) => (
          <Counter key={counter.label} target={counter.target} label={counter.label} />
        ))}
      </section>

      <section className="features" id="features" aria-labelledby="features-title">
        <h2 id="features-title">Everything a credit and deal team needs, in one place</h2>
        {FEATURE_BLOCKS.map((block, index) => (
          <article key={block.id} className={`feature${index % 2 ? ' feature--reverse' : ''}`}>
            <div className="feature__text">
              <h3>{block.title}</h3>
              <p>{block.text}</p>
              <ul>
                {block.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </div>
            <div className={`feature__art feature__art--${block.id}`} aria-hidden="true">
              <span />
              <span />
              <span />
            </div>
          </article>
        ))}
      </section>

      <section className="testimonials" aria-labelledby="testimonials-title">
        <h2 id="testimonials-title">What analysts say</h2>
        <div className="testimonials__grid">
          {TESTIMONIALS.map((item) => (
            <figure key={item.firm} className="testimonial">
              <blockquote>
                <p>{item.quote}</p>
              </blockquote>
              <figcaption>
                <strong>{item.author}</strong>, {item.firm}
              </figcaption>
            </figure>
          ))}
        </div>
      </section>
    </main>
  );
}
