/**
 * /analysis (spec 3 section 2): the research chat. Sidebar (chats), the chat with its input and
 * disclaimer, and the artifacts panel behind a draggable divider. The chat itself is the shared
 * chat view model; this page lays it out and keeps the address in step.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  chatAddressKey,
  chatPageOf,
  createChatViewModel,
  isStreaming,
  modelChoiceOffered,
  RESEARCH_CONSTANTS,
  RESEARCH_TEXTS,
  type ChatCompany,
} from '@credence/shared';
import { useStartedViewModel } from '@credence/shared/react';
import { useServices } from '../../app/services.tsx';
import { useDocumentTitle } from '../../ui/document-title.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { PdfViewerProvider } from '../explorer/pdf-viewer.tsx';
import { openContactSupport } from '../help/open-help.ts';
import { artifactTabs } from './artifact-tabs.ts';
import { ArtifactsPanel } from './artifacts-panel.tsx';
import { AttachedPdfs } from './attached-pdfs.tsx';
import { ChatInput, type ChatMarket, type FocusArea } from './chat-input.tsx';
import { ChatSidebar } from './chat-sidebar.tsx';
import { Divider } from './divider.tsx';
import { Greeting } from './greeting.tsx';
import { MessageList } from './message-list.tsx';
import { MessageView } from './message-view.tsx';
import { useChatAddress } from './use-chat-address.ts';
import { useCompanyName } from './use-company-name.ts';
import { DatabasesView, IntegrationsView, type WorkspaceView } from './workspace-views.tsx';
import '../../ui/data.css';
import './research.css';

/** Below this width the sidebar starts folded, leaving the chat the room. */
const NARROW_PX = 1024;

/** The company an address names: a registry number, or in the US equity mode (/us/analysis) a CIK. */
const companyOf = (market: ChatMarket, number: string): ChatCompany => (market === 'us' ? { cik: number } : { company_number: number });
const idOf = (company: ChatCompany | null | undefined) => company?.company_number ?? company?.cik;

export default function AnalysisPage({ market = 'uk' }: { market?: ChatMarket }) {
  const { client } = useServices();
  const navigate = useNavigate();
  const [model] = useState(() => {
    const number = new URLSearchParams(window.location.search).get('companyNumber');
    return createChatViewModel({ client, company: number ? companyOf(market, number) : null });
  });
  const state = useStartedViewModel(model);
  const address = useChatAddress(model, chatAddressKey(state));
  useCompanyName(model, state.company);
  useDocumentTitle(state.messages[0]?.question ?? 'Deep Insights');

  const [sidebarCollapsed, setSidebarCollapsed] = useState(() => window.innerWidth < NARROW_PX);
  const [artifacts, setArtifacts] = useState<{ open: boolean; index: number }>({ open: false, index: -1 });
  const [percent, setPercent] = useState<number>(RESEARCH_CONSTANTS.artifactsDefaultPercent);
  const [focusArea, setFocusArea] = useState<FocusArea>('restructuring');
  const [view, setView] = useState<WorkspaceView>('chat');
  const shownView = useRef(view);
  const workspace = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  // messages seen streaming type themselves out; a restored chat shows at once
  const streamed = useRef(new Set<number>());
  for (const m of state.messages) if (m.streaming) streamed.current.add(m.key);

  const streaming = isStreaming(state);
  const busy = streaming || state.loading;
  const last = state.messages.at(-1);

  useEffect(() => {
    void model.loadHistory();
  }, [model]);

  // a new company in the address (the explorer's links) starts a chat about it
  useEffect(() => {
    if (address.companyNumber && address.companyNumber !== idOf(model.getState().company))
      model.setCompany(companyOf(market, address.companyNumber));
  }, [address.companyNumber, model, market]);

  // spec 3 section 4: sending closes the artifacts; an answer with tables opens them and folds the sidebar
  useEffect(() => {
    if (!last) return setArtifacts({ open: false, index: -1 });
    if (last.streaming) return setArtifacts({ open: false, index: -1 });
    if (last.answer.tables.length > 0 && streamed.current.has(last.key)) {
      setArtifacts({ open: true, index: state.messages.length - 1 });
      setSidebarCollapsed(true);
    }
    // the list gains the chat once its answer is stored
    if (streamed.current.has(last.key)) void model.loadHistory();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the last answer starts or ends
  }, [last?.key, last?.streaming]);

  // back from the Databases or Integrations view, the focus returns to the question box
  useEffect(() => {
    if (view === 'chat' && shownView.current !== 'chat') input.current?.focus();
    shownView.current = view;
  }, [view]);

  const tabs = artifactTabs(state.messages[artifacts.index]?.answer ?? null);
  const showArtifacts = artifacts.open && tabs.length > 0;

  function send() {
    void model.send();
  }

  function fillInput(question: string) {
    model.chooseRelatedQuestion(question);
    input.current?.focus();
  }

  // another company starts a new chat about it
  function chooseCompany(company: ChatCompany) {
    if (state.messages.length > 0) model.newChat();
    model.setCompany(company);
    address.clear(idOf(company));
  }

  return (
    <PdfViewerProvider>
      <div className="analysis">
        <ChatSidebar
          history={state.history}
          collapsed={sidebarCollapsed}
          currentChatId={state.chatId}
          view={view}
          onView={setView}
          onToggle={() => setSidebarCollapsed((v) => !v)}
          onNewChat={() => {
            setView('chat');
            model.newChat();
            address.clear();
          }}
          onOpen={(chat) => {
            const page = chatPageOf(chat);
            if (page) return void navigate(page);
            setView('chat');
            address.open(chat.chat_id);
          }}
          onDelete={async (chatId) => {
            const wasOpen = chatId === state.chatId;
            await model.deleteChat(chatId);
            if (wasOpen) address.clear();
          }}
        />
        {view === 'databases' && <DatabasesView onBack={() => setView('chat')} />}
        {view === 'integrations' && <IntegrationsView onBack={() => setView('chat')} />}
        {/* kept mounted behind the other views, so the chat and its scroll stay as they were */}
        <div className="analysis__workspace" ref={workspace} hidden={view !== 'chat'}>
          <section className="analysis__chat" style={{ flexBasis: showArtifacts ? `${100 - percent}%` : '100%' }} aria-label="Chat">
            <MessageList questions={state.messages.map((m) => m.question)} follow={last?.answer}>
              {state.loading && <Spinner size="large" label="Loading chat" />}
              {!state.loading && state.messages.length === 0 && (
                <Greeting canAsk={state.company !== null || state.pdfs.length > 0} onSample={fillInput} />
              )}
              {state.messages.map((m, i) => (
                <MessageView
                  key={m.key}
                  message={m}
                  index={i}
                  chatId={state.chatId}
                  animate={streamed.current.has(m.key)}
                  isLast={i === state.messages.length - 1}
                  busy={busy}
                  onEditPlan={(index, steps) => model.editPlan(index, steps)}
                  onRegenerate={() => void model.regenerate()}
                  onRelated={fillInput}
                  onViewTables={(index) => setArtifacts({ open: true, index })}
                />
              ))}
            </MessageList>
            {state.quotaExceeded && (
              <div className="notice notice--error analysis__quota" role="alert">
                <p>{RESEARCH_TEXTS.quotaExceeded}</p>
                <button type="button" className="button button--secondary" onClick={openContactSupport}>
                  Get In Touch
                </button>
              </div>
            )}
            <ChatInput
              market={market}
              value={state.input}
              company={state.company}
              model={state.model}
              focusArea={focusArea}
              busy={busy}
              inputRef={input}
              onChange={(text) => model.setInput(text)}
              onSend={send}
              streaming={streaming}
              modelChoice={modelChoiceOffered(state)}
              onStop={() => model.stop()}
              onCompany={chooseCompany}
              onModel={(m) => model.setModel(m)}
              onFocusArea={setFocusArea}
              pdfChat={state.pdfs.length > 0}
              attachments={
                <AttachedPdfs
                  pdfs={state.pdfs}
                  busy={busy}
                  chatKey={() => model.ensureChatKey()}
                  onUploaded={() => void model.loadPdfs()}
                  onRemove={(name) => model.removePdf(name)}
                />
              }
            />
            <p className="analysis__disclaimer">{RESEARCH_TEXTS.disclaimer}</p>
          </section>
          {showArtifacts && (
            <>
              <Divider percent={percent} container={workspace} onChange={setPercent} />
              <div className="analysis__artifacts" style={{ flexBasis: `${percent}%` }}>
                <ArtifactsPanel key={artifacts.index} tabs={tabs} onClose={() => setArtifacts((a) => ({ ...a, open: false }))} />
              </div>
            </>
          )}
        </div>
      </div>
    </PdfViewerProvider>
  );
}
