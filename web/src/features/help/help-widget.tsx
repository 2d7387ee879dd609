/**
 * The help widget (spec 2 2.13): a floating button opens the Help Center with four choices;
 * three are forms posting to help_requests, Contact Support shows the contacts. Validation and
 * the request type come from the shared rules (helpRequestError, helpRequestType).
 */
import { useEffect, useRef, useState } from 'react';
import { HELP_MESSAGES, helpRequestError, helpRequestType, type HelpRequestPayload } from '@credence/shared';
import { useServices } from '../../app/services.tsx';
import { useToaster } from '../../ui/toasts.tsx';

import { onOpenHelpCenter, type HelpRequest } from './open-help.ts';

type View = 'menu' | 'companies' | 'feature' | 'feedback' | 'support';
export const HELP_FAILED = 'Failed to submit request. Please try again.';
export const SUPPORT_EMAIL = 'support@credence.example';
export const SUPPORT_PHONES = ['+44 20 7946 0000', '+44 161 496 0000'];

const CHOICES: { id: View; label: string }[] = [
  { id: 'companies', label: 'Request New Companies' },
  { id: 'feature', label: 'Request a New Feature' },
  { id: 'feedback', label: 'Submit Feedback' },
  { id: 'support', label: 'Contact Support' },
];

import './help-widget.css';

export default function HelpWidget() {
  const [view, setView] = useState<View | null>(null);
  /** Subject and message a caller filled in (the explorer's "Report inaccurate data"); a new key remounts the form. */
  const [prefill, setPrefill] = useState<{ key: number; subject: string; message: string } | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  /** Where focus goes back on close: the button or link that opened the Help Center. */
  const returnTo = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const open = (request: HelpRequest) => {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      if (request.view === 'feedback') setPrefill((p) => ({ key: (p?.key ?? 0) + 1, subject: request.subject, message: request.message }));
      else setPrefill(null);
      setView(request.view);
    };
    const stop = onOpenHelpCenter(open);
    return () => void stop();
  }, []);
  useEffect(() => {
    const el = dialog.current;
    if (view && el && !el.open) el.showModal();
    if (!view && el?.open) el.close();
  }, [view]);
  const close = () => {
    setView(null);
    const target = returnTo.current?.isConnected ? returnTo.current : opener.current;
    returnTo.current = null;
    target?.focus();
  };
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="help-fab"
        aria-haspopup="dialog"
        onClick={() => {
          returnTo.current = null;
          setPrefill(null);
          setView('menu');
        }}
      >
        <span aria-hidden="true">?</span>
        <span className="visually-hidden">Help</span>
      </button>
      <dialog
        ref={dialog}
        className="help-dialog"
        aria-labelledby="help-title"
        onCancel={(e) => {
          e.preventDefault();
          close();
        }}
      >
        {view && (
          <div className="help-dialog__inner">
            <div className="help-dialog__bar">
              {view !== 'menu' && (
                <button type="button" className="link-button" onClick={() => setView('menu')}>
                  ← Back
                </button>
              )}
              <h2 id="help-title" className="help-dialog__title">
                {view === 'menu' ? 'Help Center' : CHOICES.find((c) => c.id === view)!.label}
              </h2>
              <button type="button" className="icon-button" onClick={close} aria-label="Close help">
                ×
              </button>
            </div>
            {view === 'menu' && (
              <ul className="help-dialog__menu">
                {CHOICES.map((c) => (
                  <li key={c.id}>
                    <button type="button" className="button button--secondary button--block" onClick={() => setView(c.id)}>
                      {c.label}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {view === 'support' && (
              <div className="help-dialog__support">
                <p>
                  Email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
                </p>
                {SUPPORT_PHONES.map((p) => (
                  <p key={p}>
                    Phone <a href={`tel:${p.replace(/\s/g, '')}`}>{p}</a>
                  </p>
                ))}
                <p>Available 24/7.</p>
              </div>
            )}
            {(view === 'companies' || view === 'feature') && <HelpForm key={view} kind={view} onDone={close} />}
            {view === 'feedback' && <HelpForm key={`feedback-${prefill?.key ?? 0}`} kind="feedback" initial={prefill} onDone={close} />}
          </div>
        )}
      </dialog>
    </>
  );
}

function HelpForm({
  kind,
  initial,
  onDone,
}: {
  kind: 'companies' | 'feature' | 'feedback';
  initial?: { subject: string; message: string } | null;
  onDone(): void;
}) {
  const { client } = useServices();
  const toaster = useToaster();
  const [companies, setCompanies] = useState([{ number: '', name: '' }]);
  const [subject, setSubject] = useState(initial?.subject ?? '');
  const [message, setMessage] = useState(initial?.message ?? '');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit() {
    const input: Omit<HelpRequestPayload, 'type'> =
      kind === 'companies'
        ? { companies: companies.map((c) => ({ number: c.number.trim(), name: c.name.trim() })) }
        : { [kind]: { subject: subject.trim(), message: message.trim() } };
    const problem = helpRequestError(input);
    if (problem) return setError(problem);
    setError(null);
    setSubmitting(true);
    try {
      await client.helpRequest({ ...input, type: helpRequestType(input) });
      toaster.show('success', HELP_MESSAGES.submitted);
      setCompanies([{ number: '', name: '' }]);
      setSubject('');
      setMessage('');
      onDone();
    } catch {
      window.alert(HELP_FAILED);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form
      className="help-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {kind === 'companies' ? (
        <>
          {companies.map((c, i) => (
            <fieldset key={i} className="help-form__company">
              <legend>Company {i + 1}</legend>
              <label>
                Company number
                <input
                  value={c.number}
                  onChange={(e) => setCompanies(companies.map((x, j) => (j === i ? { ...x, number: e.target.value } : x)))}
                  required
                />
              </label>
              <label>
                Company name
                <input
                  value={c.name}
                  onChange={(e) => setCompanies(companies.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
                  required
                />
              </label>
              {companies.length > 1 && (
                <button type="button" className="link-button" onClick={() => setCompanies(companies.filter((_, j) => j !== i))}>
                  Remove
                </button>
              )}
            </fieldset>
          ))}
          <button type="button" className="button button--secondary" onClick={() => setCompanies([...companies, { number: '', name: '' }])}>
            Add Another Company
          </button>
        </>
      ) : (
        <>
          <label>
            Subject
            <input value={subject} onChange={(e) => setSubject(e.target.value)} required />
          </label>
          <label>
            Message
            <textarea rows={5} value={message} onChange={(e) => setMessage(e.target.value)} required />
          </label>
        </>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={submitting}>
        {submitting ? 'Submitting' : 'Submit'}
      </button>
    </form>
  );
}
