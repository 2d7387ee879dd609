/**
 * The research chat, full screen (issue 14 "Terminal"): a thin view over the shared chat view
 * model. The question goes in at the bottom (ink-text-input); the plan streams in step by step
 * with its marks, the answer wraps to the width with its tables as tables and its sources listed;
 * Tab moves to the answer, where ↑↓ choose a source (Enter shows its page text with the figure
 * highlighted) or a related question (Enter puts it in the input). Esc goes back.
 */
import { useEffect, useMemo } from 'react';
import { Box, Text } from 'ink';
import TextInput from 'ink-text-input';
import { createChatViewModel, creditsText, isStreaming, modelChoiceOffered, RESEARCH_TEXTS, type ChatViewModel } from '@credence/shared';
import { useViewModel } from '@credence/shared/react';
import { styleFor } from '../../output/text.js';
import { ScrollView, type ViewLine } from '../components/lists.js';
import { chatDocument, type ChatTarget } from '../components/chat/chat-document.js';
import { citationLayout, citationRoom, citationTop, CitationView } from '../components/chat/citation-view.js';
import { pageTextRequest, usePageText } from '../components/chat/use-page-text.js';
import { useKeys, useLayout, useStatus } from '../context.js';
import { KEYS, on } from '../keys.js';
import { useEntryModel, useEntryState } from '../router.js';
import { useServices } from '../services.js';
import { fit, follow } from '../text.js';

export interface ChatScreenProps {
  companyNumber?: string;
  companyName?: string;
  chatId?: string;
}

type Focus = 'input' | 'answer';

/** Target lines indented two cells; the chosen one marked "›" and coloured (it shows without colours too). */
function decorate(lines: ViewLine[], targets: readonly ChatTarget[], chosen: number | null): ViewLine[] {
  const out = [...lines];
  targets.forEach((target, i) => {
    const line = out[target.line];
    out[target.line] = i === chosen ? { text: `› ${line.text}`, bold: true, color: 'cyan' } : { ...line, text: `  ${line.text}` };
  });
  return out;
}

export function ChatScreen({ companyNumber, companyName, chatId }: ChatScreenProps) {
  const services = useServices();
  const status = useStatus();
  const { width, height } = useLayout();
  const vm = useEntryModel<ChatViewModel>('chat', () =>
    createChatViewModel({
      client: services.client,
      company: companyNumber ? { company_number: companyNumber, name: companyName ?? null } : null,
    }),
  );
  const state = useViewModel(vm);
  const [focus, setFocus, getFocus] = useEntryState<Focus>('focus', 'input');
  const [chosen, setChosen, getChosen] = useEntryState<number | null>('chosen', null);
  const [scroll, setScroll, getScroll] = useEntryState<number | 'end'>('scroll', 'end');
  const [viewing, setViewing, getViewing] = useEntryState<number | null>('viewing', null);
  const [inputKey, setInputKey] = useEntryState('inputKey', 0);
  /** The opened citation's first line shown; null: opened at its quoted lines. */
  const [pageTop, setPageTop, getPageTop] = useEntryState<number | null>('pageTop', null);

  useEffect(() => {
    if (vm.getState().credits === null) vm.start();
    if (vm.getState().history === null) void vm.loadHistory();
    if (chatId && vm.getState().chatId !== chatId && vm.getState().messages.length === 0) void vm.load(chatId);
  }, [vm, chatId]);

  const streaming = isStreaming(state);
  useEffect(() => {
    status.say(
      streaming ? 'answering…' : state.quotaExceeded ? 'quota used up' : null,
      streaming ? 'busy' : state.quotaExceeded ? 'error' : 'info',
    );
  }, [streaming, state.quotaExceeded, status]);

  const innerWidth = Math.max(20, width - 2);
  const style = useMemo(() => styleFor(services.color !== false), [services.color]);
  const doc = useMemo(() => chatDocument(state, innerWidth - 2, style), [state, innerWidth, style]);
  const bodyHeight = Math.max(1, height - 3);
  const maxTop = Math.max(0, doc.lines.length - bodyHeight);
  const topOf = (at: number | 'end') => (at === 'end' ? maxTop : Math.min(maxTop, Math.max(0, at)));
  const top = topOf(scroll);

  const viewed = viewing === null ? undefined : doc.targets[viewing];
  const cited = viewed?.kind === 'citation' ? viewed : undefined;
  const pageText = usePageText(services.client, pageTextRequest(cited?.footnote.citation, state.company?.company_number));
  const citation = useMemo(
    () => (cited ? citationLayout(cited, pageText, Math.max(20, innerWidth - 2), services.color !== false) : null),
    [cited, pageText, innerWidth, services.color],
  );
  /** ↑↓ PgUp PgDn g G in an opened citation's page. */
  const pageKeys = (press: Parameters<Parameters<typeof useKeys>[0]>[0]): boolean => {
    if (!citation) return false;
    const at = citationTop(citation, bodyHeight, getPageTop());
    const step = Math.max(1, citationRoom(citation, bodyHeight) - 1);
    const to = (line: number) => setPageTop(citationTop(citation, bodyHeight, line));
    if (on(KEYS.down, press)) to(at + 1);
    else if (on(KEYS.up, press)) to(at - 1);
    else if (on(KEYS.pageDown, press)) to(at + step);
    else if (on(KEYS.pageUp, press)) to(at - step);
    else if (on(KEYS.top, press)) to(0);
    else if (on(KEYS.bottom, press)) to(citation.body.length);
    else return false;
    return true;
  };

  const scrollTo = (line: number) => setScroll(line >= maxTop ? 'end' : Math.max(0, line));
  const choose = (index: number) => {
    const target = doc.targets[index];
    if (!target) return;
    setChosen(index);
    scrollTo(follow(topOf(getScroll()), target.line, bodyHeight, doc.lines.length));
  };
  const open = (target: ChatTarget | undefined) => {
    if (!target) return;
    if (target.kind === 'citation') {
      setPageTop(null);
      setViewing(doc.targets.indexOf(target));
    } else if (target.kind === 'chat') {
      setChosen(null);
      setScroll('end');
      void vm.load(target.chatId);
    } else {
      vm.chooseRelatedQuestion(target.question);
      setInputKey((k) => k + 1); // a fresh input puts its cursor after the question
      setFocus('input');
    }
  };
  const submit = () => {
    if (isStreaming(vm.getState())) {
      status.say('wait for the answer to finish', 'busy');
      return;
    }
    if (vm.getState().input.trim() === '') return;
    setScroll('end');
    setChosen(null);
    void vm.send();
  };
  /**
   * The input's change. Keys typed faster than they are read arrive as one chunk ("abc\r",
   * "\tkk"), which ink-text-input inserts whole: only the text before the first control key is
   * typed; the App's dispatcher runs the keys of the chunk (Enter asks, Tab moves to the answer).
   */
  const change = (next: string) => {
    const before = vm.getState().input;
    let start = 0;
    while (start < before.length && start < next.length && before[start] === next[start]) start++;
    let end = 0;
    while (end < before.length - start && end < next.length - start && before.at(-1 - end) === next.at(-1 - end)) end++;
    const inserted = next.slice(start, next.length - end);
    const typed = inserted.split(/[\u0000-\u001f\u007f]/)[0];
    vm.setInput(typed === inserted ? next : before.slice(0, start) + typed + before.slice(before.length - end));
  };
  const scrollKeys = (press: Parameters<Parameters<typeof useKeys>[0]>[0]): boolean => {
    const at = topOf(getScroll());
    if (on(KEYS.pageDown, press)) scrollTo(at + bodyHeight - 1);
    else if (on(KEYS.pageUp, press)) scrollTo(at - bodyHeight + 1);
    else return false;
    return true;
  };

  useKeys((press) => {
    if (getViewing() !== null) {
      if (on(KEYS.back, press)) setViewing(null);
      else if (pageKeys(press)) return true;
      else return !on(KEYS.quit, press) && !on(KEYS.help, press);
      return true;
    }
    // Esc stops a streaming answer (what has come stays); once it has ended, Esc goes back
    if (on(KEYS.back, press) && isStreaming(vm.getState())) {
      vm.stop();
      return true;
    }
    if (on(KEYS.back, press)) return false;
    if (on(KEYS.chatFocus, press)) {
      const next = getFocus() === 'input' ? 'answer' : 'input';
      setFocus(next);
      if (next === 'answer' && doc.targets.length > 0 && getChosen() === null) choose(doc.targets.length - 1);
      return true;
    }
    if (scrollKeys(press)) return true;
    if (getFocus() === 'input') {
      const at = topOf(getScroll());
      if (press.name === 'up') scrollTo(at - 1);
      else if (press.name === 'down') scrollTo(at + 1);
      else if (on(KEYS.chatSend, press)) submit();
      // everything else is typing (ink-text-input reads it)
      return true;
    }
    const current = getChosen();
    if (on(KEYS.down, press)) {
      if (doc.targets.length > 0) choose(Math.min(doc.targets.length - 1, (current ?? -1) + 1));
      else scrollTo(topOf(getScroll()) + 1);
    } else if (on(KEYS.up, press)) {
      if (doc.targets.length > 0) choose(Math.max(0, (current ?? doc.targets.length) - 1));
      else scrollTo(topOf(getScroll()) - 1);
    } else if (on(KEYS.top, press)) scrollTo(0);
    else if (on(KEYS.bottom, press)) scrollTo(maxTop);
    else if (on(KEYS.chatSend, press)) open(current === null ? undefined : doc.targets[current]);
    else if (on(KEYS.chatModel, press)) {
      // with no model configured the choice would change nothing: say who answers instead
      if (modelChoiceOffered(vm.getState())) vm.setModel(vm.getState().model === 'pro' ? 'flash' : 'pro');
      else status.say(RESEARCH_TEXTS.builtInAnalystNote, 'info');
    } else if (on(KEYS.chatNew, press)) {
      vm.newChat();
      setChosen(null);
      setScroll('end');
      setFocus('input');
    } else if (on(KEYS.chatRegenerate, press)) {
      if (!isStreaming(vm.getState())) void vm.regenerate();
    } else return false;
    return true;
  });

  const company = state.company?.name
    ? `${state.company.name}${state.company.company_number ? ` (${state.company.company_number})` : ''}`
    : (state.company?.company_number ?? 'Any company');
  const choice = modelChoiceOffered(state);
  const model = choice ? `model ${state.model}` : RESEARCH_TEXTS.builtInAnalyst.toLowerCase();
  const title = [company, model, creditsText(state)].filter(Boolean).join(' · ');
  const hint = citation
    ? '↑↓ PgUp/PgDn scroll the page · g top · G end · Esc back to the answer'
    : streaming
      ? 'answering… · Esc stop the answer · PgUp/PgDn scroll'
      : focus === 'input'
        ? 'Enter ask · Tab sources and related · PgUp/PgDn scroll · Esc back'
        : `↑↓ choose · Enter open · ${choice ? 'm model · ' : ''}r ask again · N new chat · Tab question · Esc back`;

  return (
    <Box flexDirection="column" width={width} height={height} paddingX={1}>
      <Text bold wrap="truncate">
        {fit(title, innerWidth)}
      </Text>
      {citation ? (
        <CitationView layout={citation} top={citationTop(citation, bodyHeight, pageTop)} width={innerWidth} height={bodyHeight} />
      ) : (
        <ScrollView
          lines={decorate(doc.lines, doc.targets, focus === 'answer' ? chosen : null)}
          top={top}
          height={bodyHeight}
          width={innerWidth}
        />
      )}
      <Box width={innerWidth} height={1} overflow="hidden">
        <Text bold color={focus === 'input' ? 'cyan' : undefined}>
          {'Ask › '}
        </Text>
        <TextInput
          key={inputKey}
          value={state.input}
          onChange={change}
          focus={focus === 'input' && viewing === null}
          showCursor={focus === 'input'}
          placeholder={streaming ? 'answering…' : 'your question'}
        />
      </Box>
      <Text dimColor wrap="truncate">
        {fit(hint, innerWidth)}
      </Text>
    </Box>
  );
}
