import { ClosingCta } from '../parts/cta.tsx';
import { Faq, type FaqItem } from '../parts/faq.tsx';

/** Spec 1 section 3: the security features, three of them not yet certified. */
const FEATURES = [
  { title: 'ISO 27001 compliant', text: 'An information security management system aligned with ISO 27001.', soon: true },
  { title: 'SOC 2 Type I', text: 'Design of our security controls reviewed by an independent auditor.', soon: true },
  { title: 'SOC 2 Type II', text: 'Operation of those controls audited over time.', soon: true },
  { title: 'No training on your data', text: 'Your questions, documents and answers are never used to train any model.', soon: false },
  { title: 'Enterprise-grade security', text: 'Single sign-on, least-privilege access and audited administration.', soon: false },
  { title: 'Encryption everywhere', text: 'TLS 1.2+ in transit and AES-256 at rest.', soon: false },
  { title: 'Instant deletion', text: 'Any query deleted permanently the moment you ask.', soon: false },
  { title: 'On-prem and private cloud', text: 'Run Credence inside your own network or cloud account.', soon: false },
] as const;

const QUESTIONS: readonly FaqItem[] = [
  {
    question: 'Is my data used to train AI models?',
    answer: 'No. Nothing you ask, upload or receive is used to train Credence or any third-party model.',
  },
  {
    question: 'How is my data encrypted?',
    answer: 'Traffic is encrypted with TLS 1.2 or later, and stored data with AES-256.',
  },
  {
    question: 'Can I delete my queries?',
    answer: 'Yes. Deleting a query removes it permanently and at once, with no copy kept in backups beyond their rotation.',
  },
  {
    question: 'Can Credence run in our own environment?',
    answer: 'Yes. Credence is open source and runs on-premises or in your private cloud, with the same features as the hosted service.',
  },
  {
    question: 'Which certifications do you hold?',
    answer:
      'ISO 27001 and SOC 2 Type I and Type II are in progress; until they are complete we share our controls and policies on request.',
  },
];

/** /security (spec 1 sections 2 and 3): banner, feature grid, five-question FAQ, closing call. */
export default function SecurityPage() {
  return (
    <main id="main" className="security">
      <section className="page-hero page-hero--dark">
        <h1>Security at the core</h1>
        <p>Your research is confidential. Credence is built so that it stays that way.</p>
      </section>
      <section className="card-grid" aria-labelledby="security-features">
        <h2 id="security-features" className="visually-hidden">
          Security features
        </h2>
        {FEATURES.map((feature) => (
          <article key={feature.title} className="card">
            <h3>
              {feature.title}
              {feature.soon ? <span className="badge">Coming soon</span> : null}
            </h3>
            <p>{feature.text}</p>
          </article>
        ))}
      </section>
      <section className="faq-section" aria-labelledby="faq-title">
        <h2 id="faq-title">Frequently asked questions</h2>
        <Faq items={QUESTIONS} />
      </section>
      <ClosingCta title="Questions from your security team?" text="We will walk them through our controls." action="Talk to sales" />
    </main>
  );
}
