import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { CONTACT_EMAIL } from '../site-config.ts';
import { Logo } from './logo.tsx';
import { COMPANY_LINKS, PRODUCT_LINKS } from './nav-links.ts';

/** The public footer (spec 1 section 2): product and company links, privacy, Get a Demo, e-mail, social, copyright. */
export function SiteFooter() {
  return (
    <footer className="site-footer" id="contact">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Link to="/" className="brand brand--light" aria-label="Credence home">
            <Logo />
            <span className="brand__name">Credence</span>
          </Link>
          <p>The AI financial analyst you can trust.</p>
          <Link className="button button--primary" to="/contact-sales">
            <span>Get a Demo</span>
          </Link>
        </div>
        <nav aria-label="Products" className="site-footer__column">
          <h2>Products</h2>
          <ul>
            {PRODUCT_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
            <li>
              <Link to="/pricing">Pricing</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Company" className="site-footer__column">
          <h2>Company</h2>
          <ul>
            {COMPANY_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
            <li>
              <Link to="/security">Security</Link>
            </li>
            <li>
              <Link to="/blogs">Blog</Link>
            </li>
            <li>
              <Link to="/us/integrations">Integrations</Link>
            </li>
            <li>
              <Link to="/privacy-policy">Privacy policy</Link>
            </li>
          </ul>
        </nav>
        <div className="site-footer__column">
          <h2>Get in touch</h2>
          <ul>
            <li>
              <a href={`mailto:${CONTACT_EMAIL}`}>E-mail us</a>
            </li>
            <li>
              <a href="https://www.linkedin.com/" rel="noopener noreferrer">
                LinkedIn
              </a>
            </li>
            <li>
              <a href="https://github.com/" rel="noopener noreferrer">
                GitHub
              </a>
            </li>
          </ul>
        </div>
      </div>
      <p className="site-footer__copyright">
        © <CopyrightYear /> Credence. Open-source software for financial analysis.
      </p>
    </footer>
  );
}

/**
 * The copyright year: the build's in the first render (so hydration finds the prerendered HTML
 * unchanged even in a later year), then the visitor's current year.
 */
function CopyrightYear() {
  return <>{useSyncExternalStore(noSubscription, currentYear, buildYear)}</>;
}
const noSubscription = () => () => undefined;
const currentYear = () => new Date().getFullYear();
const buildYear = () => __BUILD_YEAR__;
