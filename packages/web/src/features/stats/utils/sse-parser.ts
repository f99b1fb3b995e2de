/** One server-sent event: its `event:` name ('message' when none) and its `data:` lines joined. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * An incremental `text/event-stream` parser (the WHATWG rules we need): feed it text as it arrives,
 * in any pieces; it returns the events completed by that piece. Comment lines (`: ping`) count as
 * activity but produce no event; `id:` and `retry:` are ignored (the client reconnects itself).
 */
export function createSseParser() {
  let buffer = '';
  let event = '';
  let data: string[] = [];

  function line(text: string, out: SseEvent[]) {
    if (text === '') {
      if (data.length > 0) out.push({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }

  return {
    feed(chunk: string): SseEvent[] {
      buffer += chunk;
      const out: SseEvent[] = [];
      let end: number;
      while ((end = buffer.search(/\r\n|\r|\n/)) >= 0) {
        // A '\r' at the very end may be the first half of '\r\n': wait for the next piece.
        if (buffer[end] === '\r' && end === buffer.length - 1) break;
        const newline = buffer.startsWith('\r\n', end) ? 2 : 1;
        line(buffer.slice(0, end), out);
        buffer = buffer.slice(end + newline);
      }
      return out;
    },
  };
}
