/**
 * Keys of the full-screen UI. Every binding a screen reacts to is declared here once, with the
 * words the help overlay (`?`) prints: handlers test a press with `on(BINDING, press)`, so the
 * help cannot drift from what the keys do. Habits of less, vim and k9s: `/` search, arrows or
 * j/k move, Enter opens, Esc goes back, Tab moves between panes, `?` help, `q` quits.
 */
import type { Key } from 'ink';

/** One key press, named: "up", "enter", "ctrl-c", "shift-tab", or the character typed ("j", "G", "/"). */
export interface Press {
  name: string;
  /** The printable text typed (a pasted string arrives whole); "" for named keys. */
  text: string;
}

/** Ink's (input, key) → a Press. */
export function toPress(input: string, key: Key): Press {
  if (key.ctrl && input.length === 1) return { name: `ctrl-${input.toLowerCase()}`, text: '' };
  if (key.upArrow) return { name: 'up', text: '' };
  if (key.downArrow) return { name: 'down', text: '' };
  if (key.leftArrow) return { name: 'left', text: '' };
  if (key.rightArrow) return { name: 'right', text: '' };
  if (key.pageUp) return { name: 'pageup', text: '' };
  if (key.pageDown) return { name: 'pagedown', text: '' };
  if (key.home) return { name: 'home', text: '' };
  if (key.end) return { name: 'end', text: '' };
  if (key.return) return { name: 'enter', text: '' };
  if (key.escape) return { name: 'escape', text: '' };
  if (key.tab) return { name: key.shift ? 'shift-tab' : 'tab', text: '' };
  // \x7f (what most terminals send for Backspace) arrives as "delete"
  if (key.backspace || key.delete) return { name: 'backspace', text: '' };
  if (input === ' ') return { name: 'space', text: ' ' };
  return { name: input, text: input };
}

/** One character of a chunk typed faster than it was read ("jjj", "abc\r") as its own press. */
export function charPress(ch: string): Press {
  if (ch === '\r' || ch === '\n') return { name: 'enter', text: '' };
  if (ch === '\t') return { name: 'tab', text: '' };
  if (ch === '\u007f' || ch === '\b') return { name: 'backspace', text: '' };
  if (ch === ' ') return { name: 'space', text: ' ' };
  const code = ch.codePointAt(0) ?? 0;
  if (code < 32) return { name: `ctrl-${String.fromCharCode(code + 96)}`, text: '' };
  return { name: ch, text: ch };
}

/**
 * Ink's (input, key) → presses. Keys typed (or repeated) faster than the UI reads them arrive as
 * one chunk ("jjj"): each character is a press of its own, so holding j moves row by row and
 * "abc" then Enter in one read still types abc and applies.
 */
export function toPresses(input: string, key: Key): Press[] {
  if (input.length > 1 && !key.ctrl && !key.meta && !input.includes('\u001b')) return Array.from(input, charPress);
  return [toPress(input, key)];
}

export interface Binding {
  /** Press names that trigger it. */
  keys: readonly string[];
  /** How the help overlay writes the keys ("j ↓"). */
  label: string;
  /** What it does, for the help overlay. */
  help: string;
}

const b = (keys: readonly string[], label: string, help: string): Binding => ({ keys, label, help });

/** True when the press is one of the binding's keys. */
export function on(binding: Binding, press: Press): boolean {
  return binding.keys.includes(press.name);
}

export const KEYS = {
  // global
  help: b(['?'], '?', 'show or hide every key'),
  quit: b(['q'], 'q', 'quit (restores the terminal)'),
  forceQuit: b(['ctrl-c'], 'Ctrl-C', 'quit from anywhere, even while typing'),
  back: b(['escape'], 'Esc', 'back (popup, field, screen; stops a streaming answer)'),
  search: b(['/'], '/', 'search (companies, or the table on a screener)'),
  home: b(['H'], 'H', 'home: the database selector'),
  screener: b(['S'], 'S', 'companies screener'),
  creditors: b(['C'], 'C', 'creditors screener'),
  ops: b(['O'], 'O', 'ops: instances, logs and screens (ops, admin)'),
  alerts: b(['A'], 'A', "alerts: your watched companies' changes, live"),
  // moving in lists and tables
  down: b(['down', 'j'], 'j ↓', 'next row / line'),
  up: b(['up', 'k'], 'k ↑', 'previous row / line'),
  pageDown: b(['pagedown', 'ctrl-d', 'ctrl-f'], 'PgDn ^D', 'a screen down'),
  pageUp: b(['pageup', 'ctrl-u', 'ctrl-b'], 'PgUp ^U', 'a screen up'),
  top: b(['g', 'home'], 'g Home', 'first row'),
  bottom: b(['G', 'end'], 'G End', 'last row'),
  open: b(['enter'], 'Enter', 'open the selected item'),
  pane: b(['tab', 'shift-tab'], 'Tab', 'next pane (Shift-Tab: previous)'),
  // tables
  left: b(['left', 'h'], 'h ←', 'previous column'),
  right: b(['right', 'l'], 'l →', 'next column'),
  nextPage: b([']', 'n'], '] n', 'next page'),
  prevPage: b(['[', 'p'], '[ p', 'previous page'),
  firstPage: b(['{'], '{', 'first page'),
  lastPage: b(['}'], '}', 'last page'),
  jump: b([':'], ':', 'go to page… (1 to the page count)'),
  sort: b(['s'], 's', 'sort by the focused column (again: reverse)'),
  filter: b(['f'], 'f', 'filter the focused column (popup)'),
  clearFilter: b(['x'], 'x', "clear the focused column's filter"),
  clearFilters: b(['c'], 'c', 'clear every filter and the search'),
  pageSize: b(['z'], 'z', 'rows per page (10, 25, 50, 100)'),
  ask: b(['a'], 'a', 'ask in plain English: the AI query bar turns it into filters'),
  // creditors
  tab1: b(['1'], '1', 'Creditor Overview tab (lenders)'),
  tab2: b(['2'], '2', 'Charges Screener tab'),
  tab3: b(['3'], '3', 'Company Aggregation tab'),
  nextTab: b(['t'], 't', 'next tab'),
  expand: b(['space', 'e'], 'Space e', "expand or collapse the lender's detail (one at a time)"),
  // company
  sidebar: b(['b'], 'b', 'collapse or expand the sidebar'),
  nextSection: b(['n', ']'], 'n ]', 'next section'),
  prevSection: b(['p', '['], 'p [', 'previous section'),
  askCompany: b(['a'], 'a', 'ask the AI analyst about this company (chat)'),
  watchCompany: b(['w'], 'w', 'watch this company (list "Watchlist"), or stop watching it'),
  // alerts (issue 29)
  alertRead: b(['r'], 'r', 'alerts: mark the selected alert read'),
  alertsReadAll: b(['R'], 'R', 'alerts: mark every alert read'),
  alertOpen: b(['enter'], 'Enter', "alerts: the alert's company (marks it read)"),
  // research chat
  chatFocus: b(['tab', 'shift-tab'], 'Tab', 'chat: to the answer (sources, related questions) and back'),
  chatSend: b(['enter'], 'Enter', 'chat: ask; on a source: its page; on a question: use it'),
  chatModel: b(['m'], 'm', 'chat: switch the model (flash, pro)'),
  chatNew: b(['N'], 'N', 'chat: a new chat'),
  chatRegenerate: b(['r'], 'r', 'chat: ask the last question again'),
  // ops (issue 17)
  opsStart: b(['s'], 's', 'ops: start the instance (asks first)'),
  opsStop: b(['x'], 'x', 'ops: stop the instance (asks first)'),
  opsConfirm: b(['y'], 'y n', 'ops: yes or no to a start or stop'),
  opsRefresh: b(['r'], 'r', 'ops: refresh the status and lists'),
  opsRegion: b(['R'], 'R', 'ops: next region'),
  opsPause: b(['space', 'p'], 'Space p', 'ops: pause or follow the live tail'),
  opsSearch: b(['/'], '/', 'ops: search the log file (any case)'),
  opsTabs: b(['1', '2', '3'], '1 2 3', 'ops: instances, log files, screen sessions'),
  opsWrap: b(['w'], 'w', 'ops: wrap long lines, or not (then h/l scroll sideways)'),
  opsLineStart: b(['0'], '0', 'ops: back to the start of the lines'),
  opsNextError: b(['e', 'E'], 'e E', 'ops: next (E: previous) error line'),
  opsJump: b([':'], ':', 'ops: jump to a line number or a time of day (16:10)'),
  opsJson: b(['J'], 'J', 'ops: JSON lines pretty-printed, or as written'),
  opsMark: b(['m'], 'm', 'ops: mark the log file for a merged tail (on any instance)'),
  opsMerged: b(['M'], 'M', 'ops: one live tail of the marked files, each line with its source'),
  opsInclude: b(['f'], 'f', 'ops: tail only lines with this text or /regex/ (empty: all)'),
  opsExclude: b(['F'], 'F', 'ops: tail no lines with this text or /regex/ (empty: none)'),
  // popups and fields
  apply: b(['enter'], 'Enter', 'apply (in a popup) / run (in a field)'),
  toggle: b(['space'], 'Space', 'tick or untick an option'),
  nextType: b(['tab'], 'Tab', 'next field of the popup (filter type, value, to)'),
  clearPopup: b(['ctrl-x'], 'Ctrl-X', "clear the column's filter and close"),
  changeType: b(['left', 'right'], '← →', 'change the filter type (on the type line)'),
} as const;

export type BindingName = keyof typeof KEYS;

/** The help overlay: every key, grouped by where it works. */
export const HELP_GROUPS: ReadonlyArray<{ title: string; keys: readonly BindingName[] }> = [
  { title: 'Everywhere', keys: ['help', 'quit', 'forceQuit', 'back', 'search', 'home', 'screener', 'creditors', 'ops', 'alerts'] },
  { title: 'Lists, tables and text', keys: ['down', 'up', 'pageDown', 'pageUp', 'top', 'bottom', 'open', 'pane'] },
  { title: 'Company', keys: ['nextSection', 'prevSection', 'sidebar', 'askCompany', 'watchCompany'] },
  { title: 'Alerts', keys: ['alertOpen', 'alertRead', 'alertsReadAll'] },
  { title: 'Research chat', keys: ['chatFocus', 'chatSend', 'chatModel', 'chatNew', 'chatRegenerate'] },
  {
    title: 'Screeners',
    keys: [
      'left',
      'right',
      'nextPage',
      'prevPage',
      'firstPage',
      'lastPage',
      'jump',
      'sort',
      'filter',
      'clearFilter',
      'clearFilters',
      'pageSize',
      'ask',
    ],
  },
  {
    title: 'Ops (Tab: instances, logs, screens)',
    keys: [
      'opsTabs',
      'opsStart',
      'opsStop',
      'opsConfirm',
      'opsRefresh',
      'opsRegion',
      'opsPause',
      'opsSearch',
      'opsWrap',
      'opsLineStart',
      'opsNextError',
      'opsJump',
      'opsJson',
      'opsMark',
      'opsMerged',
      'opsInclude',
      'opsExclude',
    ],
  },
  { title: 'Creditors screener', keys: ['tab1', 'tab2', 'tab3', 'nextTab', 'expand'] },
  { title: 'Filter popup', keys: ['nextType', 'changeType', 'toggle', 'apply', 'clearPopup'] },
];

/** The lines of the help overlay (title lines start with "#"). */
export function helpLines(): string[] {
  const lines: string[] = [];
  for (const group of HELP_GROUPS) {
    if (lines.length > 0) lines.push('');
    lines.push(`# ${group.title}`);
    for (const name of group.keys) {
      const binding = KEYS[name];
      lines.push(`${binding.label.padEnd(9)} ${binding.help}`);
    }
  }
  lines.push('', '# Typing', 'In a text field every key types; Enter runs it, Esc leaves it, Ctrl-C still quits.');
  return lines;
}
