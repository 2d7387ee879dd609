import { CONTACT_EMAIL } from '../site-config.ts';

export const FOUNDERS = [
  {
    initials: 'CE',
    role: 'Co-founder & CEO',
    background: 'Fifteen years in leveraged finance and restructuring advisory, from analyst to managing director.',
  },
  {
    initials: 'CT',
    role: 'Co-founder & CTO',
    background: 'Built search and machine-learning systems for document-heavy industries; leads the engineering team.',
  },
] as const;

/** The founding team's cards (drawn initials, no photographs of anyone). */
export function FounderCards() {
  return (
    <div className="founders">
      {FOUNDERS.map((founder) => (
        <article key={founder.role} className="founder">
          <span className="founder__avatar" aria-hidden="true">
            {founder.initials}
          </span>
          <h3>{founder.role}</h3>
          <p>{founder.background}</p>
          <p className="founder__links">
            <a href={`mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(`For the ${founder.role}`)}`}>E-mail</a>
          </p>
        </article>
      ))}
    </div>
  );
}
