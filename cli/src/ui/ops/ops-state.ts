/** The ops screen's state and its words (split from ops-model.ts): panes, views, the viewer's layout. */
import {
  OPS_ROLE_REFUSAL,
  type BoundedLines,
  type InstanceStatusResponse,
  type LogFile,
  type MarkedFile,
  type OpsAction,
  type OpsInstance,
  type OpsList,
  type OpsRegion,
  type ScreenSession,
  type SourceState,
  type WatchFilters,
} from '@credence/shared';

/** The pane shown: the shared monitor's lists. */
export type OpsPane = OpsList;

export interface TailLine {
  text: string;
  marker?: boolean;
  lineNumber?: number;
  /** Which of a merged tail's sources it came from. */
  source?: number;
}

export type OpsView =
  /** A live tail of one file, or of several (merged: `sources` has more than one, each line says its own). */
  | { kind: 'tail'; file: LogFile; paused: boolean; watching: boolean; sources: readonly SourceState[] }
  /** A streamed search: `progress` while it runs ("scanned 45% (…)"; its end, truncation included, goes to the message line). */
  | { kind: 'search'; file: LogFile; pattern: string; progress: string | null }
  | { kind: 'screen'; screen: ScreenSession; watching: boolean };

export interface OpsState {
  region: OpsRegion;
  pane: OpsPane;
  status: InstanceStatusResponse | null;
  instances: readonly OpsInstance[] | null;
  instance: OpsInstance | null;
  files: readonly LogFile[] | null;
  screens: readonly ScreenSession[] | null;
  /** The selected row of each pane's list. */
  selected: Record<OpsPane, number>;
  confirming: OpsAction | null;
  busy: OpsAction | null;
  view: OpsView | null;
  lines: BoundedLines<TailLine>;
  /** A live tail's lines in its buffer (more than shown while paused), markers left out. */
  buffered: number;
  /** First line shown of the viewer (null: the bottom, following). */
  top: number | null;
  /** Long lines wrap (w) or scroll sideways (h/l) by `left` cells (issue 28 §5, §7). */
  wrap: boolean;
  left: number;
  /** JSON lines pretty-printed (J, issue 28 §5). */
  json: boolean;
  /** Files marked (m) for a merged tail (M), on any instance. */
  marked: readonly Marked[];
  /** The live tail's include and exclude filters (f, F): literal, or /regex/ (RE2), applied by the server. */
  filters: WatchFilters;
  /** Why the ops tools cannot be used (a 403: the role), shown instead of the lists. */
  refused: string | null;
  message: { text: string; tone: 'error' | 'info' } | null;
}

/** A file marked for a merged tail. */
export type Marked = MarkedFile;

export const NO_LINES: BoundedLines<TailLine> = { lines: [], dropped: 0 };

/** What a user without the ops role sees in place of the instances (issue 28 §7). */
export const OPS_REFUSED_TEXT = `${OPS_ROLE_REFUSAL} Your account does not have it: ask an administrator for the ops role (credence-admin user role <email> ops).`;

/** The viewer's size and how it lays out lines, set by the screen at each draw. */
export interface ViewerLayout {
  height: number;
  width: number;
  /** Rows line i takes (more than 1 only while wrapping). */
  rowsOf(index: number): number;
  /** Cells of the longest line (how far sideways can go). */
  longest(): number;
}
