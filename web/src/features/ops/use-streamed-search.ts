/**
 * A log search as a stream (issue 28 §4): matches as they are found, the bytes scanned, Cancel
 * (and leaving the file) stops it on the server, and its end said by the shared rule, truncation included.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { searchEndText, searchProgressText, type ApiClient, type LogFileRef, type SearchMatch } from '@credence/shared';

export interface StreamedSearch {
  /** "scanned 45% (90.00 MB of 200.00 MB)" while it runs, else null. */
  progress: string | null;
  running: boolean;
  /** Its end when more matched than shown (the truncation stated), else null. */
  truncation: string | null;
  run(file: LogFileRef & { pattern: string }, onMatch: (match: SearchMatch) => void): Promise<{ matched: number } | null>;
  cancel(): void;
  /** Other lines are shown: the last search's truncation no longer applies. */
  clear(): void;
}

export function useStreamedSearch(client: ApiClient): StreamedSearch {
  const [progress, setProgress] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [truncation, setTruncation] = useState<string | null>(null);
  const current = useRef<AbortController | null>(null);
  // another file (the viewer unmounts) or leaving the page stops the search on the server
  useEffect(() => () => current.current?.abort(), []);

  async function run(file: LogFileRef & { pattern: string }, onMatch: (match: SearchMatch) => void) {
    current.current?.abort();
    const abort = new AbortController();
    current.current = abort;
    setRunning(true);
    setTruncation(null);
    setProgress('starting');
    try {
      const end = await client.opsSearchStream(file, {
        signal: abort.signal,
        onEvent: (event) => {
          if (event.type === 'match') onMatch(event.data);
          else if (event.type === 'progress') setProgress(searchProgressText(event.data.scanned_bytes, event.data.total_bytes));
        },
      });
      if (end.truncated) setTruncation(searchEndText(end));
      return end;
    } catch (error) {
      if (abort.signal.aborted) return null;
      throw error;
    } finally {
      if (current.current === abort) {
        current.current = null;
        setRunning(false);
        setProgress(null);
      }
    }
  }

  const clear = useCallback(() => setTruncation(null), []);
  return { progress, running, truncation, run, cancel: () => current.current?.abort(), clear };
}
