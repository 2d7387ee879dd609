import { Link } from 'react-router';
import { PRIVACY_EMAIL } from '../site-config.ts';

/** /privacy-policy (spec 1 section 2): last updated January 13, 2025; children under 13. */
export default function PrivacyPolicyPage() {
  return (
    <main id="main" className="prose-page">
      <article className="prose">
        <h1>Privacy policy</h1>
        <p className="prose__meta">Last updated January 13, 2025</p>
        <p>
          This policy explains what personal data Credence collects when you visit this site or use the product, why we collect it, how long
          we keep it and the choices you have.
        </p>
        <h2>What we collect</h2>
        <ul>
          <li>Account details you give us: your name, business e-mail, company and job title.</li>
          <li>
            Requests you send through our forms, with the browser details sent alongside (language, screen and window size, the page).
          </li>
          <li>What you do in the product: searches, questions, uploaded documents and exports, so that we can show them back to you.</li>
          <li>Technical logs: addresses and error reports, kept to keep the service secure and working.</li>
        </ul>
        <h2>How we use it</h2>
        <p>
          To run your account, answer your requests, keep the service secure and improve it. We do not sell personal data and we never use
          your questions, documents or answers to train AI models.
        </p>
        <h2>Cookies</h2>
        <p>
          The site stores your sign-in and your cookie choice in your browser. Optional cookies are set only if you accept them in the
          banner; you can change your mind by clearing this site&apos;s data in your browser.
        </p>
        <h2>How long we keep it</h2>
        <p>For as long as your account is open, then up to 90 days in backups. You can ask us to delete any query at once.</p>
        <h2>Your rights</h2>
        <p>You may ask for a copy of your data, its correction or its deletion, and object to its use.</p>
        <h2>Children</h2>
        <p>Credence is a professional service. It is not meant for children under 13 and we do not knowingly collect their data.</p>
        <h2>Contact</h2>
        <p>
          Write to <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a> or use our <Link to="/contact-us">contact page</Link>.
        </p>
      </article>
    </main>
  );
}
