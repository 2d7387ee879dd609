/**
 * The ops tools of spec 1 (sections 2, 3, 4, 7, 8, 9) and docs/architecture.md 11: the instance
 * manager and the log and screen-session monitor. Paths are relative to /api.
 */

export const OPS_ROUTES = {
  status: 'status_intern_instance',
  start: 'start_intern_instance',
  stop: 'stop_intern_instance',
  instances: 'list_ec2_instances',
  logs: 'list_ec2_logs',
  tail: 'tail_ec2_instance',
  search: 'search_logs_ec2',
  /** The same search as a stream (SSE): matches as found, progress, the end (SearchStreamEvent). */
  searchStream: 'stream_search_logs_ec2',
  watch: 'watch_ec2_instance',
  screens: 'list_screen_sessions',
  screenContent: 'get_screen_content',
  watchScreen: 'watch_screen',
  /** Admins: the record of every start and stop. */
  actions: 'ops/actions',
} as const;

// The regions, limits and texts live in their own module: the web bundles them with the ops
// pages only, not with the client's route table that every page loads.
export * from './ops-texts.js';

export type InstanceState = 'running' | 'stopped' | 'pending' | 'stopping' | 'unknown';

/** GET status_intern_instance (spec 1 section 3). */
export interface InstanceStatusResponse {
  status: 'success' | 'error';
  state: string;
  instance_status: string;
  system_status: string;
  instance_id: string;
  instance_name: string;
  error: string | null;
  /** Which backend answered: `local` (this host) or `aws`. */
  backend: 'local' | 'aws';
}

/** POST start_intern_instance / stop_intern_instance. */
export interface InstanceActionResponse {
  status: 'success' | 'error';
  error: string | null;
  /** The state the instance moved to (aws), when known. */
  state?: string;
  /** The instance acted on (aws): the asked instance_id, else the configured one. */
  instance_id?: string;
  instance_name?: string;
  /** Said when nothing was done: "large-pipeline-prod (i-...) is already running: nothing to start." */
  message?: string | null;
}

/**
 * Whether SSM can reach an instance (its agent's ping): `online`; `connection lost` (the agent
 * stopped answering, as when the instance is stopped); `not registered` (no agent known to SSM:
 * logs and screens cannot be read); `unknown` (SSM could not be asked).
 */
export type SsmStatus = 'online' | 'connection lost' | 'inactive' | 'not registered' | 'unknown';

export interface OpsInstance {
  id: string;
  name: string;
  state?: string;
  /** EC2 instance type (aws), e.g. m5.large. */
  type?: string | null;
  /** ISO time it last started (aws). */
  launch_time?: string | null;
  ssm?: SsmStatus;
}

export interface InstancesResponse {
  instances: OpsInstance[];
}

export interface LogFile {
  /** Relative to the log root it is under. */
  name: string;
  /** The absolute path on the instance (what tail, search and watch take). */
  path: string;
  size: number;
  modified: string;
}

export interface LogsResponse {
  logs: LogFile[];
  /** The allowed roots the list was read from. */
  roots: string[];
}

export interface LogLine {
  text: string;
  /** The line was longer than OPS_CONSTANTS.maxLineBytes and was cut. */
  truncated?: boolean;
}

export interface TailResponse {
  lines: string[];
  /** The file's size when read, and the event id a watch can start after (`<inode>:<offset>`). */
  size: number;
  cursor: string;
}

export interface SearchMatch {
  line_number: number;
  line: string;
}

export interface SearchResponse {
  matches: SearchMatch[];
  /** More lines matched than were answered (the newest are kept). */
  truncated: boolean;
}

/**
 * stream_search_logs_ec2 (SSE): `match` each matching line as it is found (the first
 * maxSearchMatches), `progress` the bytes scanned of the file's size, then `done` (`truncated`:
 * more lines matched and the search stopped there) or `message` {error}. Leaving stops the search.
 */
export type SearchStreamEvent =
  | { type: 'match'; id?: string; data: SearchMatch }
  | { type: 'progress'; id?: string; data: { scanned_bytes: number; total_bytes: number } }
  | { type: 'done'; id?: string; data: { matched: number; truncated: boolean; total_bytes: number } }
  | { type: 'message'; id?: string; data: { error: string } };

export interface ScreenSession {
  name: string;
  pid: number;
  attached: boolean;
  /** As `screen -ls` says: Attached, Detached, Multi attached... */
  status: string;
}

export interface ScreensResponse {
  screens: ScreenSession[];
}

export interface ScreenContentResponse {
  content: string;
}

/**
 * The events of watch_ec2_instance (SSE): `message` carries a line (`{line}`) or an error
 * (`{error}`); `reset` says the file was rotated or truncated and the lines start again from its
 * beginning; `gap` says how many bytes were skipped because the reader fell too far behind.
 * Every line's id is `<inode>:<offset after it>`: send it back as Last-Event-ID to resume.
 */
export type LogWatchEvent =
  | { type: 'message'; id?: string; data: { line: string; truncated?: boolean } | { error: string } }
  | { type: 'reset'; id?: string; data: { reason: 'rotated' | 'truncated' | 'missing' | 'resume'; inode: string } }
  | { type: 'gap'; id?: string; data: { skipped_bytes: number } };

/** watch_screen (SSE): `message` carries the screen's whole content when it changed, or an error. */
export type ScreenWatchEvent = { type: 'message'; id?: string; data: { content: string } | { error: string } };

export type OpsAction = 'start' | 'stop';

/** One start or stop, as recorded (GET ops/actions, admins). */
export interface OpsActionRecord {
  id: string;
  at: string;
  user_email: string;
  action: OpsAction;
  backend: 'local' | 'aws';
  instance_id: string;
  region: string;
  result: 'success' | 'error' | 'refused';
  error: string | null;
}

export interface OpsActionsResponse {
  actions: OpsActionRecord[];
}
