/**
 * The landing page's video section (#demo, where Watch Demo leads; spec 1: 160vh tall, the video's
 * fallback text "Your browser does not support the video tag."). The product video plays here when
 * the build is given one (VITE_DEMO_VIDEO_URL, a file the site serves itself, loaded only when
 * played); without it the section shows the same tour as three illustrated steps, so nothing is
 * fetched from elsewhere. Its content stays in view while the tall section scrolls past.
 */
const DEMO_VIDEO_URL: string = import.meta.env?.VITE_DEMO_VIDEO_URL?.trim() || '';

/** Spec 1 section 1: what a browser without video shows in its place. */
export const VIDEO_FALLBACK = 'Your browser does not support the video tag.';

const STEPS = [
  { title: 'Ask', text: 'Pick a company and ask in plain words: “What is the net leverage and when does the term loan mature?”' },
  { title: 'See the plan', text: 'Credence lists the filings it will read and the figures it will compute before it answers.' },
  { title: 'Check the sources', text: 'The answer arrives with tables and a link to the page behind every number.' },
] as const;

export function ProductTour({ videoUrl = DEMO_VIDEO_URL }: { videoUrl?: string }) {
  return (
    <section className="tour" id="demo" aria-labelledby="tour-title">
      <div className="tour__stage">
        <h2 id="tour-title">See Credence at work</h2>
        {videoUrl ? (
          <video className="tour__video" controls preload="none" src={videoUrl}>
            {VIDEO_FALLBACK}
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
      </div>
    </section>
  );
}
