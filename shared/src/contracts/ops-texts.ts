/** The ops tools' regions, limits and texts (spec 1 sections 8 and 9). */

/** Spec 1 section 9. */
export const OPS_REGIONS = [
  'us-east-1',
  'us-east-2',
  'us-west-1',
  'us-west-2',
  'eu-west-1',
  'eu-central-1',
  'ap-northeast-1',
  'ap-southeast-1',
  'ap-southeast-2',
] as const;
export type OpsRegion = (typeof OPS_REGIONS)[number];

export const OPS_CONSTANTS = {
  defaultRegion: 'us-east-1' as OpsRegion,
  /**
   * The instance name prefix (spec 1 section 9), the API's default OPS_AWS_NAME_PREFIX. The API
   * filters (an EC2 tag filter; any other id is 404): web and cli show what it answers and never
   * filter again, so the one setting holds for every client.
   */
  instanceNameFilter: 'large-pipeline-',
  tailDefaultLines: 10,
  tailMinLines: 5,
  tailMaxLines: 1000,
  statusPollMs: 30_000,
  /** The longest search pattern accepted (characters). */
  maxPatternLength: 200,
  /** Most matches one search answers (the newest). */
  maxSearchMatches: 1000,
  /** A log line longer than this (bytes) is cut and marked `truncated`. */
  maxLineBytes: 16 * 1024,
} as const;

/** Spec 1 section 8 (the monitor's and the instance manager's texts). */
export const OPS_TEXTS = {
  statusFailed: 'Failed to fetch instance status',
  statusError: 'Error checking instance status. Please try again.',
  startFailed: 'Failed to start instance',
  stopFailed: 'Failed to stop instance',
  startError: 'Error starting instance. Please try again.',
  stopError: 'Error stopping instance. Please try again.',
  instancesFailed: 'Failed to fetch instances',
  logsFailed: 'Failed to fetch log files',
  contentFailed: 'Failed to fetch log content',
  searchFailed: 'Search failed',
  screensFailed: 'Failed to fetch screen sessions',
  screenFailed: 'Failed to fetch screen output',
  watchingError: 'Watching error',
  connectionLost: 'Connection to server lost',
  reconnecting: 'Live view connection error. Reconnecting...',
  /** Said once the connection is back (issue 28): what was written meanwhile follows, or a gap says how much was missed. */
  reconnected: 'Live view reconnected.',
  patternRequired: 'Please enter a search pattern',
  /** A followed file was deleted or moved away (a `reset` with reason `missing`); it is followed again when it is back. */
  fileMissing: '--- file deleted or moved away: waiting for it to come back ---',
  /** After a line longer than OPS_CONSTANTS.maxLineBytes: only its start was shown. */
  lineCut: `--- the line above was cut at ${OPS_CONSTANTS.maxLineBytes / 1024} KB (the rest of it is not shown) ---`,
  /** Why Start and Stop are off on the local backend (the API refuses them with the same words). */
  localStartStop:
    'This server runs the local ops backend: its host is the one instance and cannot start or stop itself from here. ' +
    'Set OPS_BACKEND=aws to start and stop EC2 instances.',
} as const;
