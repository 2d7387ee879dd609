import { useId, useState } from 'react';

export interface FaqItem {
  question: string;
  answer: string;
}

/**
 * An accordion where one answer is open at a time (spec 1 section 4): opening one closes the
 * others, clicking the open one closes it. Buttons, so Enter and Space work by keyboard.
 */
export function Faq({ items }: { items: readonly FaqItem[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const id = useId();
  return (
    <div className="faq">
      {items.map((item, index) => {
        const expanded = open === index;
        return (
          <div key={item.question} className={`faq__item${expanded ? ' faq__item--open' : ''}`}>
            <h3 className="faq__question">
              <button
                type="button"
                id={`${id}-q${index}`}
                aria-expanded={expanded}
                aria-controls={`${id}-a${index}`}
                onClick={() => setOpen(expanded ? null : index)}
              >
                <span>{item.question}</span>
                <span aria-hidden="true" className="faq__sign">
                  {expanded ? '−' : '+'}
                </span>
              </button>
            </h3>
            <div id={`${id}-a${index}`} role="region" aria-labelledby={`${id}-q${index}`} className="faq__answer" hidden={!expanded}>
              <p>{item.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
