/**
 * Test helpers for streamed answers (not part of the package's main entry): a fetch body that
 * hands out byte chunks split wherever a test likes, then ends or fails like a dropped connection.
 */

export function chunkedBody(chunks: (string | Uint8Array)[], options: { failWith?: Error } = {}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) {
        const chunk = chunks[i++];
        controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      } else if (options.failWith) controller.error(options.failWith);
      else controller.close();
    },
  });
}

/** One SSE message as the API writes it. */
export function sseMessage(id: string, event: string, data: unknown): string {
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
