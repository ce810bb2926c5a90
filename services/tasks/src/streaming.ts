/** What a streamed answer does when it cannot finish: says why in the log (its status is sent already). */
export interface StreamedBodyOptions {
  failed: (error: unknown) => void;
  /**
   * Longest the whole body may take, for a source that holds something while the client reads (a database
   * connection): past it the body is cut and the source returned, whether or not the client still reads.
   */
  deadlineMs?: number;
}

/**
 * An answer's body written as it is made: a piece of `pieces` is made while the one before is being written
 * (two at most wait for the client), so the answer holds a few pieces at a time. The first piece is made
 * before the body
 * exists, so a failure there (a database that is away) is still the caller's error status. A failure after
 * it, or the deadline, cuts the body: the client sees a broken transfer, never a short document that
 * parses. A client that goes away returns `pieces` (its `finally` frees what it holds).
 */
export async function streamedBody(
  pieces: AsyncGenerator<string, void>,
  { failed, deadlineMs }: StreamedBodyOptions,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const first = await pieces.next();
  let timer: NodeJS.Timeout | undefined;
  let over = false;
  /** Ends the body once: the source is returned, the timer stopped. */
  const end = () => {
    over = true;
    clearTimeout(timer);
    pieces.return().catch(failed);
  };
  const cut = (controller: ReadableStreamDefaultController<Uint8Array>, error: unknown) => {
    if (over) return;
    end();
    failed(error);
    controller.error(error);
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        if (first.done) {
          end();
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(first.value));
        if (deadlineMs === undefined) return;
        timer = setTimeout(
          () => cut(controller, new Error(`the answer was not sent within ${deadlineMs} ms`)),
          deadlineMs,
        );
        // A body still being read does not keep the process from stopping.
        timer.unref();
      },
      async pull(controller) {
        try {
          const next = await pieces.next();
          if (over) return;
          if (next.done) {
            end();
            controller.close();
          } else controller.enqueue(encoder.encode(next.value));
        } catch (error) {
          cut(controller, error);
        }
      },
      cancel() {
        if (!over) end();
      },
    },
    // The next piece is read (from Postgres) while the client takes the one before, not after it.
    { highWaterMark: 2 },
  );
}
