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
  isMarked,
  OPS_CONSTANTS,
  launchTimeText,
  screenStateLabel,
  sidewaysHint,
  ssmStatusText,
  type OpsColour,
  type OpsInstance,
} from '@credence/shared';
import { useViewModel } from '@credence/shared/react';
import { SelectList, type ListItem } from '../components/lists.js';
import { TextField } from '../components/text-field.js';
import { useKeys, useLayout } from '../context.js';
import { KEYS, on, type Press } from '../keys.js';
import { OpsModel, type OpsPane, type OpsState } from '../ops/ops-model.js';
import { useEntryModel, useFreshState } from '../router.js';
import { useServices } from '../services.js';
import { editText, emptyText, type TextState } from '../text-edit.js';
import { statusParts, Viewer, viewerLines } from './ops-viewer.js';
import { cut, fit, length, wrap } from '../text.js';

const PANES: readonly OpsPane[] = ['instances', 'logs', 'screens'];
const PANE_TITLES: Record<OpsPane, string> = { instances: 'Instances', logs: 'Log files', screens: 'Screen sessions' };
const inkColour = (c: OpsColour) => (c === 'grey' ? 'gray' : c);

/** Header lines above the body; below it the status bar, then the message (wrapped, up to MESSAGE_ROWS rows) or the hints. */
const ABOVE = 2;
const MESSAGE_ROWS = 4;

/** The bottom line's text wrapped to the width: a message is never cut before its fix (issue 28 §7). */
function bottomRows(state: OpsState, width: number): string[] | null {
  if (!state.message || state.confirming) return null;
  return wrap(state.message.text, width - 1).slice(0, MESSAGE_ROWS);
}

export function OpsScreen() {
  const services = useServices();
  const { width, height } = useLayout();
  const model = useEntryModel('ops', () => new OpsModel(services.client));
  const state = useViewModel(model.store);
  const [prompt, setPrompt, getPrompt] = useFreshState<Prompt | null>(null);
  const message = prompt ? null : bottomRows(state, width);
  const bodyHeight = Math.max(1, height - ABOVE - 1 - (message?.length ?? 1));
  const shown = viewerLines(state, services.color !== false);
  model.layout = {
    height: bodyHeight,
    width,
    rowsOf: (i) => (shown[i] ?? []).reduce((rows, row) => rows + (state.wrap ? Math.max(1, Math.ceil(length(row.text) / width)) : 1), 0),
    longest: () => shown.reduce((most, rows) => rows.reduce((m, row) => Math.max(m, length(row.text)), most), 0),
  };

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
          <Viewer state={state} lines={shown} layout={model.layout} />
        ) : state.refused ? (
          <Refused text={state.refused} width={width} height={bodyHeight} />
        ) : (
          <PaneList state={state} width={width} height={bodyHeight} />
        )}
      </Box>
      <Text inverse wrap="truncate">
        {fit(' ' + statusParts(state).join(' · '), width)}
      </Text>
      {message ? (
        message.map((row, i) => (
          <Text key={i} color={state.message?.tone === 'error' ? 'red' : 'yellow'} wrap="truncate">
            {fit(` ${row}`, width)}
          </Text>
        ))
      ) : (
        <BottomLine state={state} prompt={prompt} width={width} target={model.target()} longest={model.layout.longest()} />
      )}
    </Box>
  );
}

/** The field on the bottom line: a search of the file, or a jump (line number or time of day). */
interface Prompt {
  kind: 'search' | 'jump' | 'include' | 'exclude';
  text: TextState;
}

interface PromptApi {
  getPrompt(): Prompt | null;
  setPrompt(value: Prompt | null): void;
  page: number;
}

/** The keys of the ops screen; false lets the App's global keys run (Esc in the instances pane goes back). */
export function handleKey(model: OpsModel, press: Press, prompt: PromptApi): boolean {
  const field = prompt.getPrompt();
  if (field) {
    if (on(KEYS.back, press)) prompt.setPrompt(null);
    else if (on(KEYS.apply, press)) {
      prompt.setPrompt(null);
      if (field.kind === 'jump') model.jump(field.text.value);
      else if (field.kind === 'search') void model.search(field.text.value);
      else void model.setFilter(field.kind, field.text.value);
    } else {
      const next = editText(field.text, press);
      if (next) prompt.setPrompt({ kind: field.kind, text: next });
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
  // 1 2 3: the tabs, from a list or a viewer (issue 28 §7)
  if (on(KEYS.opsTabs, press)) {
    model.setPane(PANES[Number(press.name) - 1]);
    return true;
  }
  if (on(KEYS.opsSearch, press) && state.view?.kind !== 'screen' && (state.view || state.pane === 'logs')) {
    prompt.setPrompt({ kind: 'search', text: emptyText });
    return true;
  }
  // f F: the live tail's filters, from a tail or the log files
  if (
    (on(KEYS.opsInclude, press) || on(KEYS.opsExclude, press)) &&
    (state.view?.kind === 'tail' || (!state.view && state.pane === 'logs'))
  ) {
    const kind = on(KEYS.opsInclude, press) ? 'include' : 'exclude';
    prompt.setPrompt({ kind, text: { value: state.filters[kind], cursor: state.filters[kind].length } });
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
    else if (on(KEYS.opsWrap, press)) model.toggleWrap();
    else if (on(KEYS.left, press)) model.sideways(-1);
    else if (on(KEYS.right, press)) model.sideways(1);
    else if (on(KEYS.opsLineStart, press)) model.sideways('home');
    else if (on(KEYS.opsNextError, press)) model.nextError(press.name === 'E' ? -1 : 1);
    else if (on(KEYS.opsJson, press)) model.toggleJson();
    else if (on(KEYS.opsJump, press)) prompt.setPrompt({ kind: 'jump', text: emptyText });
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
  } else if (on(KEYS.opsMark, press) && state.pane === 'logs') model.toggleMark();
  else if (on(KEYS.opsMerged, press) && state.pane === 'logs') void model.openMerged();
  else if (on(KEYS.opsStart, press)) model.ask('start');
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
  if (state.refused) return <Text color="red">{fit(' No access to the ops tools: this needs the ops or admin role', width)}</Text>;
  if (!s) {
    const failed = state.message?.tone === 'error';
    return <Text dimColor>{fit(failed ? ' The instance status could not be read (below).' : ' Loading the instance status…', width)}</Text>;
  }
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

/** An instance row: name, id and state; with room (and on AWS), type, launch time and SSM status. */
function instanceRow(i: NonNullable<OpsState['instances']>[number], width: number): string {
  const nameWidth = width >= 100 ? 30 : Math.max(12, width - 21 - 11 - 2);
  const base = `${fit(cut(i.name || i.id, nameWidth), nameWidth)} ${fit(i.id, 20)} ${fit(instanceStateLabel(i.state), 9)}`;
  if (width < 100 || (!i.type && i.ssm === undefined)) return base;
  return `${base} ${fit(i.type ?? '-', 11)} ${fit(launchTimeText(i.launch_time), 17)} ${ssmStatusText(i)}`;
}

function paneItems(state: OpsState, width: number): ListItem[] {
  if (state.pane === 'instances')
    return (state.instances ?? []).map((i) => ({
      key: i.id,
      text: instanceRow(i, width),
      color: inkColour(instanceStateColour(i.state)),
    }));
  if (state.pane === 'logs')
    return (state.files ?? []).map((f) => ({
      key: f.path,
      text: `${markedHere(state, f.path) ? '+' : ' '}${formatFileSize(f.size).padStart(9)}  ${cut(f.name, Math.max(10, width - 14))}`,
      color: markedHere(state, f.path) ? 'cyan' : undefined,
    }));
  return (state.screens ?? []).map((s) => ({
    key: String(s.pid),
    text: `${String(s.pid).padStart(7)}  ${fit(cut(s.name, Math.max(10, Math.min(40, width - 22))), Math.max(10, Math.min(40, width - 22)))} ${screenStateLabel(s)}`,
    color: s.attached ? 'green' : undefined,
  }));
}

const markedHere = (state: OpsState, path: string) =>
  state.instance !== null && isMarked(state.marked, { instance_id: state.instance.id, path });

function PaneList({ state, width, height }: { state: OpsState; width: number; height: number }) {
  const loaded = state.pane === 'instances' ? state.instances : state.pane === 'logs' ? state.files : state.screens;
  const empty =
    loaded === null
      ? state.message?.tone === 'error'
        ? 'Nothing to show: the call failed (below). r tries again.'
        : 'Loading…'
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

/** The role refusal where the lists would be, wrapped (never a spinner that does not end). */
function Refused({ text, width, height }: { text: string; width: number; height: number }) {
  const rows = [...wrap(text, width - 2), '', 'Esc or H goes back.'].slice(0, height);
  return (
    <Box flexDirection="column" width={width} height={height}>
      {rows.map((row, i) => (
        <Text key={i} color={i < rows.length - 2 ? 'red' : undefined} dimColor={i >= rows.length - 2}>
          {fit(` ${row}`, width)}
        </Text>
      ))}
    </Box>
  );
}

const PROMPT_LABELS: Record<Prompt['kind'], string> = {
  jump: ' Jump to line or time: ',
  search: ' Search: ',
  include: ' Only lines with (text or /regex/): ',
  exclude: ' No lines with (text or /regex/): ',
};

interface BottomProps {
  state: OpsState;
  prompt: Prompt | null;
  width: number;
  target: OpsInstance | null;
  longest: number;
}

function BottomLine({ state, prompt, width, target, longest }: BottomProps) {
  if (prompt) {
    const label = PROMPT_LABELS[prompt.kind];
    return <TextField label={label} value={prompt.text.value} cursor={prompt.text.cursor} focused width={width} />;
  }
  if (state.confirming) {
    const name = target?.name || target?.id || state.status?.instance_name || 'the instance';
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
  // which columns show (or wrap) first: the keys after it are in ? as well
  const cols = state.view ? sidewaysHint(state, longest, width) : null;
  // e : J are in ? too; they show here when there is room
  const more = width >= 100 ? ' e error · : jump · J json · f F filter ·' : '';
  const sideways = state.wrap ? ' wrapped · w unwrap ·' : cols ? ` ${cols} · w wrap · h/l ←→ ·` : ' w wrap ·';
  const hints = state.view
    ? state.view.kind === 'tail'
      ? `${dropped}${sideways} Space pause · G follow ·${more} / search · Esc back`
      : state.view.kind === 'search'
        ? state.view.progress
          ? ` Searching: ${state.view.progress} · Esc stop`
          : `${sideways}${more} / search again · Esc back`
        : `${sideways} j/k scroll · Esc back`
    : state.pane === 'logs'
      ? ' Enter open · 1 2 3 Tab pane · m mark · M merged tail · f F filter · / search · Esc back'
      : ' Enter open · 1 2 3 Tab pane · s start · x stop · r refresh · / search · Esc back';
  return (
    <Text dimColor wrap="truncate">
      {fit(hints, width)}
    </Text>
  );
}
