/**
 * The chat input (spec 3 sections 2, 3, 5 and 9): the company it asks about (the existing company
 * search), the model (flash or pro), the focus area, and a textarea that grows to 200 px. It is
 * disabled until a company is chosen (or PDFs are attached: a PDF chat) and while an answer streams
 * or a chat loads; Enter sends,
 * Shift+Enter starts a new line; a blank question is not sent (the view model ignores it).
 */
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { RESEARCH_CONSTANTS, RESEARCH_TEXTS, SEARCH_DEBOUNCE_MS, type ChatCompany, type ResearchModel } from '@credence/shared';
import { CompanySearch } from '../../pages/uk/company-search.tsx';
import { UsCompanySearch } from '../../pages/us/us-company-search.tsx';

/** uk: companies of the UK registry; us: US companies by CIK (the equity mode of /us/analysis). */
export type ChatMarket = 'uk' | 'us';

/** The company's name, and its number or CIK beside it. */
export function companyLabel(company: ChatCompany): { name: string; id: string } {
  const id = company.company_number ?? (company.cik ? `CIK ${company.cik}` : '');
  return { name: company.name ?? id, id: company.name ? id : '' };
}

/** Spec 3 section 3: two focus areas are active, the others are listed as coming. */
export const FOCUS_AREAS = [
  { id: 'restructuring', label: 'Restructuring', active: true },
  { id: 'private_credit', label: 'Private credit', active: true },
  { id: 'performing_credit', label: 'Performing credit', active: false },
  { id: 'high_yield', label: 'High yield', active: false },
  { id: 'structured_credit', label: 'Structured credit', active: false },
  { id: 'real_estate_financing', label: 'Real estate financing', active: false },
] as const;
export type FocusArea = (typeof FOCUS_AREAS)[number]['id'];

function CompanyChoice({
  company,
  market,
  onChange,
}: {
  company: ChatCompany | null;
  market: ChatMarket;
  onChange(company: ChatCompany): void;
}) {
  const [choosing, setChoosing] = useState(company === null);
  if (company && !choosing)
    return (
      <div className="chat-input__company">
        <span className="chat-input__company-name">
          {companyLabel(company).name} <span className="muted">{companyLabel(company).id}</span>
        </span>
        <button type="button" className="button button--ghost" onClick={() => setChoosing(true)}>
          Change company
        </button>
      </div>
    );
  if (market === 'us')
    return (
      <UsCompanySearch
        label="Choose a US company to ask about"
        placeholder="Choose a US company to ask about"
        className="chat-input__picker"
        onSelect={(result) => {
          if (!result) return;
          setChoosing(false);
          onChange({ cik: result.cik_str, name: result.title });
        }}
      />
    );
  return (
    <CompanySearch
      debounceMs={SEARCH_DEBOUNCE_MS}
      label="Choose a company to ask about"
      placeholder="Choose a company to ask about"
      className="chat-input__picker"
      onSelect={(result) => {
        setChoosing(false);
        onChange({ company_number: result.CompanyNumber, name: result.CompanyName });
      }}
    />
  );
}

export function ChatInput({
  value,
  company,
  model,
  focusArea,
  busy,
  streaming = false,
  modelChoice = true,
  onChange,
  onSend,
  onStop,
  onCompany,
  onModel,
  onFocusArea,
  inputRef,
  market = 'uk',
  pdfChat = false,
  attachments,
}: {
  market?: ChatMarket;
  value: string;
  company: ChatCompany | null;
  model: ResearchModel;
  focusArea: FocusArea;
  busy: boolean;
  onChange(text: string): void;
  onSend(): void;
  /** Stops the streaming answer: with it, a Stop button stands in for Send while an answer streams. */
  onStop?: () => void;
  /** An answer is streaming (busy may also mean a chat is loading). */
  streaming?: boolean;
  /** False when the server has no model configured: the built-in analyst is named instead of Pro and Flash. */
  modelChoice?: boolean;
  onCompany(company: ChatCompany): void;
  onModel(model: ResearchModel): void;
  onFocusArea(area: FocusArea): void;
  inputRef?: RefObject<HTMLTextAreaElement | null>;
  /** PDFs are attached: the question is about them, no company needed. */
  pdfChat?: boolean;
  /** The attached PDFs and the button that attaches more. */
  attachments?: ReactNode;
}) {
  const own = useRef<HTMLTextAreaElement>(null);
  const textarea = inputRef ?? own;
  const disabled = busy || (company === null && !pdfChat);

  useLayoutEffect(() => {
    const el = textarea.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, RESEARCH_CONSTANTS.textareaMaxPx)}px`;
  }, [value, textarea]);

  return (
    <form
      className="chat-input"
      onSubmit={(event) => {
        event.preventDefault();
        if (!disabled) onSend();
      }}
    >
      <CompanyChoice company={company} market={market} onChange={onCompany} />
      {attachments}
      <div className="chat-input__box">
        <label htmlFor="research-question" className="visually-hidden">
          Your question
        </label>
        <textarea
          id="research-question"
          ref={textarea}
          rows={1}
          value={value}
          disabled={disabled}
          placeholder={
            pdfChat ? 'Ask about the attached PDFs…' : company ? `Ask about ${companyLabel(company).name}…` : 'Choose a company first'
          }
          style={{ maxHeight: RESEARCH_CONSTANTS.textareaMaxPx }}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              if (!disabled) onSend();
            }
          }}
        />
        <div className="chat-input__controls">
          {modelChoice ? (
            <label className="chat-input__select">
              <span>Model</span>
              <select value={model} onChange={(e) => onModel(e.target.value as ResearchModel)} disabled={busy}>
                <option value="pro">Pro</option>
                <option value="flash">Flash</option>
              </select>
            </label>
          ) : (
            <p className="chat-input__select chat-input__model-note" title={RESEARCH_TEXTS.builtInAnalystNote}>
              <span>Model</span> {RESEARCH_TEXTS.builtInAnalyst}
              <span className="visually-hidden">: {RESEARCH_TEXTS.builtInAnalystNote}</span>
            </p>
          )}
          <label className="chat-input__select">
            <span>Focus area</span>
            <select value={focusArea} onChange={(e) => onFocusArea(e.target.value as FocusArea)} disabled={busy}>
              {FOCUS_AREAS.map((area) => (
                <option key={area.id} value={area.id} disabled={!area.active}>
                  {area.label}
                  {area.active ? '' : ' (coming soon)'}
                </option>
              ))}
            </select>
          </label>
          {streaming && onStop ? (
            <button type="button" className="button button--secondary chat-input__send" onClick={onStop}>
              Stop
            </button>
          ) : (
            <button type="submit" className="button button--primary chat-input__send" disabled={disabled || value.trim() === ''}>
              Send
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
