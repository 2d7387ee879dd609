import { Link } from 'react-router';

/** The closing call to action of the marketing pages. */
export function ClosingCta({
  title,
  text,
  action = 'Book a Demo',
  to = '/contact-sales',
}: {
  title: string;
  text: string;
  action?: string;
  to?: string;
}) {
  return (
    <section className="cta">
      <h2>{title}</h2>
      <p>{text}</p>
      <Link className="button button--primary button--large" to={to}>
        <span>{action}</span>
      </Link>
    </section>
  );
}
