import { STREAMS, type StreamName } from '../../../platform/register/stream-event.js';
import { StreamRefused, type StreamSource, type StreamSourceOptions } from './stream-source.js';

/**
 * The Companies House Streaming API over HTTP: `GET {base}/{path}[?timepoint=N]`, Basic auth with
 * the stream key as the user name and an empty password; the body is newline-delimited JSON with
 * bare newlines as heartbeats. Chunks are split into lines here (a line may span chunks).
 */
export class HttpStreamSource implements StreamSource {
  readonly kind = 'http';
  private readonly authorization: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: StreamSourceOptions) {
    this.authorization = 'Basic ' + Buffer.from(`${options.key}:`).toString('base64');
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  async open(stream: StreamName, timepoint: number | null, signal: AbortSignal): Promise<AsyncIterable<string>> {
    const url = new URL(this.options.baseUrl.replace(/\/+$/, '') + STREAMS[stream]);
    if (timepoint !== null) url.searchParams.set('timepoint', String(timepoint));
    const response = await this.fetch(url, { headers: { authorization: this.authorization, accept: 'application/json' }, signal });
    if (response.status !== 200 || !response.body) {
      const text = (await response.text().catch(() => '')).slice(0, 200).replace(/[^\x20-\x7e]/g, ' ');
      const retry = Number(response.headers.get('retry-after'));
      const retryAfter = Number.isFinite(retry) && retry > 0 ? retry : null;
      const at = `${url.origin}${STREAMS[stream]}`;
      if (response.status === 401)
        throw new StreamRefused('unauthorised', 401, null, `${at}: the stream key was refused (401 ${text}): check CH_STREAM_KEY`);
      if (response.status === 416)
        throw new StreamRefused('timepoint-too-old', 416, null, `${at}: timepoint ${timepoint} is invalid or too old (416)`);
      if (response.status === 429)
        throw new StreamRefused('rate-limited', 429, retryAfter, `${at}: too many connections for this key (429)`);
      throw new StreamRefused('unavailable', response.status, retryAfter, `${at}: answered ${response.status} ${text}`.trim());
    }
    return lines(response.body);
  }
}

/**
 * The body's lines without their newline ('' for a heartbeat). A last line with no newline is a
 * connection cut mid-event: dropped (the reconnect replays it from the stored timepoint).
 */
export async function* lines(body: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let rest = '';
  for await (const chunk of body) {
    rest += decoder.decode(chunk, { stream: true });
    let start = 0;
    let at: number;
    while ((at = rest.indexOf('\n', start)) >= 0) {
      yield rest.charCodeAt(at - 1) === 13 ? rest.slice(start, at - 1) : rest.slice(start, at);
      start = at + 1;
    }
    rest = rest.slice(start);
  }
}
