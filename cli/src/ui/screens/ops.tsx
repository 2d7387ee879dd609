/**
 * The ops screen (issue 17): the instances with their states in colour, start and stop asked
 * first, an instance's log files and screen sessions, a live tail that follows, pauses and
 * scrolls its bounded buffer, a search, and a watched screen, all in 80x24 over SSH.
 */
import { useEffect } from 'react';
import { Box, Text } from 'ink';
import {
  checkStatusColour,
  formatFileSize,
  instanceStateColour,
  instanceStateLabel,
  OPS_CONSTANTS,
  opsStatusBar,
  screenStateLabel,
  type OpsColour,
} from '@credence/shared';
import { useViewModel } from '@credence/shared/react';
import { SelectList, ScrollView, type ListItem, type ViewLine } from '../components/lists.js';
import { TextField } from '../components/text-field.js';
import { useKeys, useLayout } from '../context.js';
import { KEYS, on, type Press } from '../keys.js';
import { OpsModel, type OpsPane, type OpsState } from '../ops/ops-model.js';
import { useEntryModel, useFreshState } from '../router.js';
import { useServices } from '../services.js';
import { editText, emptyText, type TextState } from '../text-edit.js';
import { outsideLineText } from '../../output/outside-text.js';
import { cut, fit } from '../text.js';

const PANES: readonly OpsPane[] = ['instances', 'logs', 'screens'];
const PANE_TITLES: Record<OpsPane, string> = { instances: 'Instances', logs: 'Log files', screens: 'Screen sessions' };
const inkColour = (c: OpsColour) => (c === 'grey' ? 'gray' : c);

/** Header lines above the body and status lines below it. */
const ABOVE = 2;
const BELOW = 2;

export function OpsScreen() {
  const services = useServices();
  const { width, height } = useLayout();
  const model = useEntryModel('ops', () => new OpsModel(services.client));
  const state = useViewModel(model.store);
  const [prompt, setPrompt, getPrompt] = useFreshState<TextState | null>(null);
  const bodyHeight = Math.max(1, height - ABOVE - BELOW);
  model.height = bodyHeight;

  useEffect(() => {
    if (!model.getState().status) void model.refresh();
    const timer = setInterval(() => void model.refresh(), OPS_CONSTANTS.statusPollMs);
    return () => {
      clearInterval(timer);
      // leaving the screen (or quitting) ends its live watch: nothing keeps a stream open unseen
      model.closeView();
    };
  }, [model]);

  useKeys((press) => handleKey(model, press, { getPrompt, setPrompt, page: Math.max(1, bodyHeight - 1) }));

  return (
    <Box flexDirection="column" width={width} height={height}>
      <Tabs state={state} width={width} />
      <InstanceLine state={state} width={width} />
      <Box height={bodyHeight} width={width}>
        {state.view ? (
          <Viewer state={state} width={width} height={bodyHeight} color={services.color !== false} />
        ) : (
          <PaneList state={state} width={width} height={bodyHeight} />
        )}
      </Box>
      <Text inverse wrap="truncate">
        {fit(' ' + statusParts(state).join(' · '), width)}
      </Text>
      <BottomLine state={state} prompt={prompt} width={width} />
    </Box>
  );
}

interface PromptApi {
  getPrompt(): TextState | null;
  setPrompt(value: TextState | null): void;
  page: number;
}

/** The keys of the ops screen; false lets the App's global keys run (Esc in the instances pane goes back). */
export function handleKey(model: OpsModel, press: Press, prompt: PromptApi): boolean {
  const field = prompt.getPrompt();
  if (field) {
    if (on(KEYS.back, press)) prompt.setPrompt(null);
    else if (on(KEYS.apply, press)) {
      prompt.setPrompt(null);
      void model.search(field.value);
    } else {
      const next = editText(field, press);
      if (next) prompt.setPrompt(next);
    }
    return true;
  }
  const state = model.getState();
  if (state.confirming) {
    if (on(KEYS.opsConfirm, press)) void model.confirm(true);
    else if (press.name === 'n' || on(KEYS.back, press)) void model.confirm(false);
    else return on(KEYS.quit, press) ? false : true;
    return true;
  }
  if (on(KEYS.opsSearch, press) && state.view?.kind !== 'screen' && (state.view || state.pane === 'logs')) {
    prompt.setPrompt(emptyText);
    return true;
  }
  if (state.view) {
    if (on(KEYS.back, press)) model.closeView();
    else if (on(KEYS.down, press)) model.scroll(1);
    else if (on(KEYS.up, press)) model.scroll(-1);
    else if (on(KEYS.pageDown, press)) model.scroll(prompt.page);
    else if (on(KEYS.pageUp, press)) model.scroll(-prompt.page);
    else if (on(KEYS.top, press)) model.scroll('top');
    else if (on(KEYS.bottom, press)) model.scroll('bottom');
    else if (on(KEYS.opsPause, press)) model.togglePause();
    else return false;
    return true;
  }
  if (on(KEYS.pane, press)) {
    const step = press.name === 'shift-tab' ? PANES.length - 1 : 1;
    model.setPane(PANES[(PANES.indexOf(state.pane) + step) % PANES.length]);
  } else if (on(KEYS.back, press) && state.pane !== 'instances') model.setPane('instances');
  else if (on(KEYS.down, press)) model.move(1);
  else if (on(KEYS.up, press)) model.move(-1);
  else if (on(KEYS.top, press)) model.move('top');
  else if (on(KEYS.bottom, press)) model.move('bottom');
  else if (on(KEYS.open, press)) {
    if (state.pane === 'instances') model.chooseInstance();
    else if (state.pane === 'logs') void model.openFile();
    else void model.openScreen();
  } else if (on(KEYS.opsStart, press)) model.ask('start');
  else if (on(KEYS.opsStop, press)) model.ask('stop');
  else if (on(KEYS.opsRefresh, press)) void model.refresh();
  else if (on(KEYS.opsRegion, press)) model.nextRegion();
  else return false;
  return true;
}

function Tabs({ state, width }: { state: OpsState; width: number }) {
  const region = `region ${state.region} (R)`;
  return (
    <Box width={width} height={1}>
      {PANES.map((pane, i) => (
        <Text key={pane} inverse={state.pane === pane && !state.view} bold={state.pane === pane} wrap="truncate">
          {` ${i + 1} ${PANE_TITLES[pane]} `}
        </Text>
      ))}
      <Text dimColor wrap="truncate">
        {fit(`  ${region}`, Math.max(0, width - 52))}
      </Text>
    </Box>
  );
}

function InstanceLine({ state, width }: { state: OpsState; width: number }) {
  const s = state.status;
  if (!s) return <Text dimColor>{fit(' Loading the instance status…', width)}</Text>;
  const name = cut(`${s.instance_name} (${s.instance_id})`, Math.max(10, width - 50));
  return (
    <Box width={width} height={1}>
      <Text wrap="truncate">{` ${name} `}</Text>
      <Text bold color={inkColour(instanceStateColour(s.state))}>
        {instanceStateLabel(s.state)}
      </Text>
      <Text> checks </Text>
      <Text color={inkColour(checkStatusColour(s.instance_status))}>{s.instance_status || 'unknown'}</Text>
      <Text>/</Text>
      <Text color={inkColour(checkStatusColour(s.system_status))}>{s.system_status || 'unknown'}</Text>
      <Text dimColor wrap="truncate">
        {state.busy ? `  ${state.busy === 'start' ? 'starting' : 'stopping'}…` : '  s start · x stop'}
      </Text>
    </Box>
  );
}

function paneItems(state: OpsState, width: number): ListItem[] {
  if (state.pane === 'instances')
    return (state.instances ?? []).map((i) => ({
      key: i.id,
      text: `${fit(cut(i.name || i.id, 30), 30)} ${fit(i.id, 21)} ${instanceStateLabel(i.state)}`,
      color: inkColour(instanceStateColour(i.state)),
    }));
  if (state.pane === 'logs')
    return (state.files ?? []).map((f) => ({
      key: f.path,
      text: `${formatFileSize(f.size).padStart(10)}  ${cut(f.name, Math.max(10, width - 14))}`,
    }));
  return (state.screens ?? []).map((s) => ({
    key: String(s.pid),
    text: `${String(s.pid).padStart(7)}  ${fit(cut(s.name, 40), 40)} ${screenStateLabel(s)}`,
    color: s.attached ? 'green' : undefined,
  }));
}

function PaneList({ state, width, height }: { state: OpsState; width: number; height: number }) {
  const loaded = state.pane === 'instances' ? state.instances : state.pane === 'logs' ? state.files : state.screens;
  const empty =
    loaded === null
      ? 'Loading…'
      : state.pane === 'logs'
        ? 'No log files under the allowed roots.'
        : state.pane === 'screens'
          ? 'No screen sessions.'
          : 'No instances in this region.';
  return (
    <SelectList
      items={paneItems(state, width)}
      selected={state.selected[state.pane]}
      height={height}
      width={width}
      empty={<Text dimColor>{fit(` ${empty}`, width)}</Text>}
    />
  );
}

function Viewer({ state, width, height, color }: { state: OpsState; width: number; height: number; color: boolean }) {
  const pattern = state.view?.kind === 'search' ? state.view.pattern : '';
  const lines: ViewLine[] = state.lines.lines.map((line) => {
    const number = line.lineNumber !== undefined ? `${String(line.lineNumber).padStart(6)}  ` : '';
    // a line of the file (or screen) by the shared rule for outside text; tabs as spaces for the layout
    const shown = outsideLineText(line.text.replace(/\t/g, '    '), color && !line.marker, pattern || undefined);
    if (line.marker) return { text: number + shown, dim: true };
    const text = number + shown;
    return { text: text.includes('\u001b') ? cut(text, width) : text };
  });
  const top = state.top ?? Math.max(0, lines.length - height);
  return <ScrollView lines={lines} top={Math.min(top, Math.max(0, lines.length - 1))} height={height} width={width} />;
}

function statusParts(state: OpsState): string[] {
  const view = state.view;
  const file = view && view.kind !== 'screen' ? view.file : state.pane === 'logs' ? state.files?.[state.selected.logs] : null;
  const screen = view?.kind === 'screen' ? view.screen : state.pane === 'screens' ? state.screens?.[state.selected.screens] : null;
  const parts = opsStatusBar({
    instance: state.instance,
    file: state.pane === 'screens' && !view ? null : file,
    screen: view && view.kind !== 'screen' ? null : screen,
    lines: view ? state.lines.lines.filter((l) => !l.marker).length : null,
    watching: view !== null && view.kind !== 'search' && view.watching,
  });
  if (view?.kind === 'tail' && view.paused) parts.push('PAUSED');
  return parts;
}

function BottomLine({ state, prompt, width }: { state: OpsState; prompt: TextState | null; width: number }) {
  if (prompt) return <TextField label=" Search: " value={prompt.value} cursor={prompt.cursor} focused width={width} />;
  if (state.confirming) {
    const name = state.status?.instance_name || state.status?.instance_id || 'the instance';
    return (
      <Text bold color="yellow" wrap="truncate">
        {fit(` ${state.confirming === 'start' ? 'Start' : 'Stop'} ${name}? y yes · n no`, width)}
      </Text>
    );
  }
  if (state.message)
    return (
      <Text color={state.message.tone === 'error' ? 'red' : 'yellow'} wrap="truncate">
        {fit(` ${state.message.text}`, width)}
      </Text>
    );
  // the bounded buffer says how many of its oldest lines it let go
  const dropped = state.lines.dropped > 0 ? ` ${state.lines.dropped} dropped ·` : '';
  const hints = state.view
    ? state.view.kind === 'tail'
      ? `${dropped} j/k scroll · Space pause · G follow · / search · Esc back`
      : state.view.kind === 'search'
        ? ' j/k scroll · / search again · Esc back'
        : ' j/k scroll · Esc back'
    : ' Enter open · Tab pane · s start · x stop · r refresh · / search · Esc back';
  return (
    <Text dimColor wrap="truncate">
      {fit(hints, width)}
    </Text>
  );
}
