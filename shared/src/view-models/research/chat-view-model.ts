/**
 * The research chat (spec 3 sections 2 and 4, docs/architecture.md 8): questions and their streamed
 * answers, the chat they belong to, the company asked about, the model, the input and the
 * credits. The web chat screen, the terminal's chat screen and `credence ask` all drive this.
 */
import type { ApiClient } from '../../client/api-client.js';
import type { UploadedPdf } from '../../contracts/documents.js';
import {
  emptyResearchAnswer,
  isValidPlan,
  RESEARCH_CONSTANTS,
  RESEARCH_TEXTS,
  reduceResearchAnswer,
  type ChatHistoryItem,
  type ModelAccessInfo,
  type ResearchAskRequest,
  type ResearchModel,
  type ResearchStreamEvent,
} from '../../contracts/research.js';
import { filterChats } from '../../rules/research/chats.js';
import { editedPlan, genericPlan } from '../../rules/research/plan.js';
import { errorStatus, isAbort, serverText } from '../errors.js';
import { createLatestRequest } from '../latest-request.js';
import { createStore, type ReadableStore } from '../store.js';
import { answerOfDetail, companyOfChat, failed, failureText, withPlanRule } from './chat-answers.js';
import { askPdfChat } from './pdf-chat.js';
import type { ChatCompany, ChatMessage } from './chat-message.js';

export { answerOfDetail };

export type { ChatCompany, ChatMessage };

export interface ChatState {
  messages: readonly ChatMessage[];
  /** The stored chat (set by the first `done`, or by load). */
  chatId: string | null;
  /** The key made for a new chat at its first question (spec 3: "a chat key created if none"). */
  chatKey: string | null;
  company: ChatCompany | null;
  /** The selector's model ('pro' at first, spec 3 section 9). */
  model: ResearchModel;
  input: string;
  credits: ModelAccessInfo | null;
  /** The user's chats, newest first, once loadHistory() answered (null before). */
  history: readonly ChatHistoryItem[] | null;
  /** A saved chat is loading. */
  loading: boolean;
  /** Why the saved chat did not load (spec 3: nothing is shown; the terminal says it). */
  loadError: string | null;
  /** The last question went over the allowance (402). */
  quotaExceeded: boolean;
  /** The PDFs attached to the chat (uploaded with its key): with any, questions go to the PDF chat calls. */
  pdfs: readonly UploadedPdf[];
}

export interface ChatViewModelOptions {
  client: Pick<ApiClient, 'ask' | 'getChat' | 'modelAccessInfo'> &
    Partial<Pick<ApiClient, 'getChatHistory' | 'deleteChat' | 'fetchPdfList' | 'deletePdf' | 'pdfChatThoughtProcess' | 'readFileAndQuery'>>;
  company?: ChatCompany | null;
  /** The selector's first model; 'pro' unless given (`credence ask` starts on 'flash'). */
  initialModel?: ResearchModel;
  /** Every event as it streams (the terminal's --stream). */
  onEvent?: (event: ResearchStreamEvent) => void;
  /** Makes a new chat key (default: a random UUID). */
  newChatKey?: () => string;
}

export interface ChatViewModel extends ReadableStore<ChatState> {
  /** Loads the credits. */
  start(): void;
  /** Asks a question (blank ones are ignored); resolves when its answer has ended. */
  send(query?: string): Promise<void>;
  /** Opens a saved chat. */
  load(chatId: string): Promise<void>;
  /** Starts over: no messages, no chat, the streaming answer stopped. */
  newChat(): void;
  /** Stops the answer streaming now (the Stop button, the terminal's key): what has arrived stays. */
  stop(): void;
  /** Asks the last question again. */
  regenerate(): Promise<void>;
  /** Saves an edited plan for a message; false when nothing valid is left. */
  editPlan(messageIndex: number, steps: readonly string[]): boolean;
  /** A related question goes into the input (spec 3: clicking one puts it in the input). */
  chooseRelatedQuestion(question: string): void;
  /** The same as chooseRelatedQuestion (a name React's hook rules mistake for a hook). */
  useRelatedQuestion(question: string): void;
  setInput(text: string): void;
  setModel(model: ResearchModel): void;
  setCompany(company: ChatCompany | null): void;
  refreshCredits(): Promise<void>;
  /** Loads the chat list (the client's getChatHistory); a failure leaves it as it was. */
  loadHistory(): Promise<void>;
  /** Deletes a chat; it leaves the list, and the open chat starts over when it was this one. */
  deleteChat(chatId: string): Promise<void>;
  /** The chat's key, made now when it has none (PDFs are uploaded with it before the first question). */
  ensureChatKey(): string;
  /** Loads the PDFs attached to the chat (fetch_pdf_list with its key); a failure leaves them as they were. */
  loadPdfs(): Promise<void>;
  /** Removes an attached PDF (delete_pdf): it leaves the list; with none left, questions stream again. */
  removePdf(fileName: string): Promise<void>;
  /** Stops the stream and requests; state stays readable. */
  dispose(): void;
}

const randomKey = () => globalThis.crypto.randomUUID();

export function createChatViewModel(options: ChatViewModelOptions): ChatViewModel {
  const { client } = options;
  const store = createStore<ChatState>({
    messages: [],
    chatId: null,
    chatKey: null,
    company: options.company ?? null,
    model: options.initialModel ?? RESEARCH_CONSTANTS.selectorInitialModel,
    input: '',
    credits: null,
    history: null,
    loading: false,
    loadError: null,
    quotaExceeded: false,
    pdfs: [],
  });
  const stream = createLatestRequest();
  const chatLoad = createLatestRequest();
  const credits = createLatestRequest();
  const history = createLatestRequest();
  const pdfList = createLatestRequest();
  let nextKey = 1;

  const updateMessage = (key: number, change: (message: ChatMessage) => Partial<ChatMessage>) =>
    store.setState((s) => ({ messages: s.messages.map((m) => (m.key === key ? { ...m, ...change(m) } : m)) }));

  function applyEvent(key: number, event: ResearchStreamEvent) {
    updateMessage(key, (m) => {
      if (event.type === 'plan' && !isValidPlan(event.data.steps)) {
        return { answer: { ...m.answer, ...genericPlan('running') }, planError: RESEARCH_TEXTS.planFallbackError };
      }
      // steps of a plan that was replaced by the generic one do not apply to it
      if (event.type === 'step' && m.planError) return {};
      if (event.type === 'done') {
        const ruled = withPlanRule(event.data.answer);
        return { answer: ruled.answer, planError: ruled.planError, streaming: false };
      }
      if (event.type === 'error') return { answer: reduceResearchAnswer(m.answer, event), error: event.data.message, streaming: false };
      return { answer: reduceResearchAnswer(m.answer, event) };
    });
  }

  async function refreshCredits() {
    const ticket = credits.next();
    try {
      const info = await client.modelAccessInfo({ signal: ticket.signal });
      if (ticket.isCurrent()) store.setState({ credits: info });
    } catch {
      // credits are a courtesy: the chat works without them
    }
  }

  function ensureChatKey(): string {
    const state = store.getState();
    const chatKey = state.chatKey ?? state.chatId ?? (options.newChatKey ?? randomKey)();
    if (state.chatKey !== chatKey) store.setState({ chatKey });
    return chatKey;
  }

  /** A question over the chat's PDFs: plan, then the whole answer (spec 3 PDF chat). */
  async function askDocuments(key: number, question: string, chatKey: string) {
    const ticket = stream.next();
    const outcome = await askPdfChat(
      client as Required<typeof client>,
      { chatKey, query: question, model: store.getState().model ?? RESEARCH_CONSTANTS.defaultModel },
      {
        signal: ticket.signal,
        onPlan: (plan, planError) => {
          if (ticket.isCurrent()) updateMessage(key, (m) => ({ answer: { ...m.answer, ...plan }, planError }));
        },
      },
    );
    if (!ticket.isCurrent() || (!outcome.ok && outcome.aborted)) return updateMessage(key, () => ({ streaming: false }));
    if (!outcome.ok) {
      updateMessage(key, (m) => failed(m, outcome.error));
      return store.setState({ quotaExceeded: outcome.quota });
    }
    const ruled = withPlanRule(outcome.answer);
    updateMessage(key, () => ({ answer: ruled.answer, planError: ruled.planError, streaming: false }));
    store.setState({ chatId: outcome.chatId });
    void refreshCredits();
  }

  async function ask(question: string) {
    const chatKey = ensureChatKey();
    const key = nextKey++;
    const placeholder: ChatMessage = {
      key,
      question,
      answer: emptyResearchAnswer(),
      streaming: true,
      error: null,
      planError: null,
    };
    store.setState((s) => ({ messages: [...s.messages, placeholder], input: '', chatKey, quotaExceeded: false }));
    const { company, chatId, model, pdfs } = store.getState();
    // a PDF chat is stored under its key; a chat the stream began (its own id) keeps streaming, which reads the key's PDFs too
    const pdfChat = pdfs.length > 0 && (chatId === null || chatId === chatKey);
    if (pdfChat && client.pdfChatThoughtProcess && client.readFileAndQuery) return askDocuments(key, question, chatKey);
    const request: ResearchAskRequest = {
      query: question,
      ...(company?.company_number ? { company_number: company.company_number } : {}),
      ...(company?.cik ? { cik: company.cik } : {}),
      ...(chatId ? { chat_id: chatId } : {}),
      chat_key: chatKey,
      model: model ?? RESEARCH_CONSTANTS.defaultModel,
    };
    const ticket = stream.next();
    try {
      const outcome = await client.ask(request, {
        signal: ticket.signal,
        onEvent: (event) => {
          if (!ticket.isCurrent()) return;
          options.onEvent?.(event);
          applyEvent(key, event);
        },
      });
      if (!ticket.isCurrent()) return;
      if (outcome.error === null) {
        const ruled = withPlanRule(outcome.answer);
        updateMessage(key, () => ({ answer: ruled.answer, planError: ruled.planError, streaming: false }));
        store.setState({ chatId: outcome.chat_id ?? chatId });
        void refreshCredits();
      } else {
        updateMessage(key, (m) => failed(m, outcome.error ?? RESEARCH_TEXTS.chatFailure));
      }
    } catch (error) {
      if (!ticket.isCurrent() || isAbort(error)) {
        updateMessage(key, () => ({ streaming: false }));
        return;
      }
      const failure = failureText(error);
      updateMessage(key, (m) => failed(m, failure.text));
      store.setState({ quotaExceeded: failure.quota });
    }
  }

  const model: ChatViewModel = {
    getState: store.getState,
    subscribe: store.subscribe,
    start: () => void refreshCredits(),
    async send(query) {
      const question = (query ?? store.getState().input).trim();
      if (question === '') return;
      await ask(question);
    },
    async load(chatId) {
      stream.cancel();
      const ticket = chatLoad.next();
      store.setState({ loading: true, loadError: null });
      try {
        const chat = await client.getChat(chatId, { signal: ticket.signal });
        if (!ticket.isCurrent()) return;
        const messages = (chat.details ?? []).map((detail): ChatMessage => {
          const ruled = withPlanRule(answerOfDetail(detail));
          return {
            key: nextKey++,
            question: detail.query_str,
            answer: ruled.answer,
            streaming: false,
            error: ruled.answer.error ?? null,
            planError: ruled.planError,
          };
        });
        store.setState((s) => ({
          messages,
          chatId: chat.chat_id,
          // the key the chat's PDFs were uploaded with, so a follow-up still reads them
          chatKey: chat.chat_metadata?.chat_key ?? chat.chat_id,
          company: companyOfChat(chat, s.company),
          model: chat.chat_metadata?.model ?? s.model,
          loading: false,
          pdfs: [],
        }));
        if (chat.chat_metadata?.isCurrentChatPDF || chat.chat_metadata?.chat_key) void model.loadPdfs();
      } catch (error) {
        if (!ticket.isCurrent() || isAbort(error)) return;
        store.setState({ loading: false, loadError: serverText(error) ?? RESEARCH_TEXTS.chatFailure });
        // not stored yet: a chat whose PDFs were attached before its first question keeps them
        if (errorStatus(error) === 404) {
          store.setState({ messages: [], chatId: null, chatKey: chatId, pdfs: [] });
          void model.loadPdfs();
        }
      }
    },
    newChat() {
      stream.cancel();
      chatLoad.cancel();
      pdfList.cancel();
      store.setState({
        messages: [],
        chatId: null,
        chatKey: null,
        input: '',
        loading: false,
        loadError: null,
        quotaExceeded: false,
        pdfs: [],
      });
    },
    stop() {
      if (!store.getState().messages.some((m) => m.streaming)) return;
      stream.cancel();
      store.setState((s) => ({ messages: s.messages.map((m) => (m.streaming ? { ...m, streaming: false, stopped: true } : m)) }));
    },
    async regenerate() {
      const last = store.getState().messages.at(-1);
      if (!last) return;
      stream.cancel();
      store.setState((s) => ({ messages: s.messages.slice(0, -1) }));
      await ask(last.question);
    },
    editPlan(messageIndex, steps) {
      const message = store.getState().messages[messageIndex];
      const plan = message && editedPlan(message.answer, steps);
      if (!message || !plan) return false;
      updateMessage(message.key, (m) => ({ answer: { ...m.answer, ...plan }, planError: null }));
      return true;
    },
    chooseRelatedQuestion: (question) => store.setState({ input: question }),
    useRelatedQuestion: (question) => store.setState({ input: question }),
    setInput: (input) => store.setState({ input }),
    setModel: (next) => store.setState({ model: next }),
    setCompany: (company) => store.setState({ company }),
    refreshCredits,
    async loadHistory() {
      if (!client.getChatHistory) return;
      const ticket = history.next();
      try {
        const items = await client.getChatHistory({ signal: ticket.signal });
        if (ticket.isCurrent()) store.setState({ history: filterChats(Array.isArray(items) ? items : []) });
      } catch {
        // the list stays as it was (spec 3: a failed load shows nothing)
      }
    },
    async deleteChat(chatId) {
      if (!client.deleteChat) return;
      await client.deleteChat(chatId);
      store.setState((s) => ({ history: s.history?.filter((c) => c.chat_id !== chatId) ?? null }));
      if (store.getState().chatId === chatId) model.newChat();
    },
    ensureChatKey,
    async loadPdfs() {
      const { chatKey } = store.getState();
      if (!client.fetchPdfList || !chatKey) return;
      const ticket = pdfList.next();
      try {
        const pdfs = await client.fetchPdfList(chatKey, { signal: ticket.signal });
        if (ticket.isCurrent() && store.getState().chatKey === chatKey) store.setState({ pdfs: Array.isArray(pdfs) ? pdfs : [] });
      } catch {
        // the list stays as it was (spec 3: a failed list load is told by the page that asked)
      }
    },
    async removePdf(fileName) {
      const { chatKey } = store.getState();
      if (!client.deletePdf || !chatKey) return;
      await client.deletePdf(chatKey, fileName);
      if (store.getState().chatKey === chatKey) store.setState((s) => ({ pdfs: s.pdfs.filter((p) => p.file_name !== fileName) }));
    },
    dispose() {
      pdfList.cancel();
      stream.cancel();
      chatLoad.cancel();
      credits.cancel();
      history.cancel();
    },
  };
  return model;
}
