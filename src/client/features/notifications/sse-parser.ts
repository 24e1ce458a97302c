export type SseEvent = { event: string; data: string };

/**
 * Incremental Server-Sent Events parser: feed it decoded chunks, get the complete events.
 * Comment lines (": ping") keep the connection alive and are skipped.
 */
export const createSseParser = () => {
  let buffer = "";
  return (chunk: string): SseEvent[] => {
    buffer += chunk.replace(/\r\n?/g, "\n");
    const events: SseEvent[] = [];
    let end = buffer.indexOf("\n\n");
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = "message";
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (!line || line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "event") event = value;
        if (field === "data") data.push(value);
      }
      if (data.length) events.push({ event, data: data.join("\n") });
      end = buffer.indexOf("\n\n");
    }
    return events;
  };
};

/** Reconnect delays: 1 s doubling up to 30 s, so a server restart is not hammered. */
export const backoffDelay = (attempt: number) => Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
