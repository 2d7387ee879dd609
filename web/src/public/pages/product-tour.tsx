/**
 * The landing page's demo section (#demo, where Watch Demo leads). A product video plays here when
 * the build is given one (VITE_DEMO_VIDEO_URL, a file the site serves itself); without it the
 * section shows the same tour as three illustrated steps, so nothing is fetched from elsewhere.
 */
const DEMO_VIDEO_URL: string = import.meta.env.VITE_DEMO_VIDEO_URL?.trim() || '';

const STEPS = [
  { title: 'Ask', text: 'Pick a company and ask in plain words: “What is the net leverage and when does the term loan mature?”' },
  { title: 'See the plan', text: 'Credence lists the filings it will read and the figures it will compute before it answers.' },
  { title: 'Check the sources', text: 'The answer arrives with tables and a link to the page behind every number.' },
] as const;

export function ProductTour() {
  return (
    <section className="tour" id="demo" aria-labelledby="tour-title">
      <h2 id="tour-title">See Credence at work</h2>
      {DEMO_VIDEO_URL ? (
        <video className="tour__video" controls preload="none" src={DEMO_VIDEO_URL}>
          Your browser does not support the video tag.
        </video>
      ) : (
        <ol className="tour__steps">
          {STEPS.map((step, index) => (
            <li key={step.title} className="tour__step">
              <span className="tour__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
