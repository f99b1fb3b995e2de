import { describe, expect, it } from 'vitest';
import { createSseParser } from '@/features/stats/utils/sse-parser';
import { backoffMs } from '@/features/stats/hooks/use-live-stats';

describe('the event-stream parser', () => {
  it('reads named events and ignores comment lines', () => {
    const parser = createSseParser();
    expect(parser.feed(': ping\n\nevent: stats\ndata: {"a":1}\n\n')).toEqual([
      { event: 'stats', data: '{"a":1}' },
    ]);
  });

  it('joins an event split across pieces anywhere, CRLF included', () => {
    const parser = createSseParser();
    const text = 'event: stats\r\ndata: {"total":\r\ndata: 2}\r\n\r\n';
    const events = [...text].flatMap((char) => parser.feed(char));
    expect(events).toEqual([{ event: 'stats', data: '{"total":\n2}' }]);
  });

  it('names an event without `event:` "message" and drops one without data', () => {
    const parser = createSseParser();
    expect(parser.feed('data: hola\n\nevent: vacio\n\nid: 3\nretry: 10\ndata:x\n\n')).toEqual([
      { event: 'message', data: 'hola' },
      { event: 'message', data: 'x' },
    ]);
  });
});

describe('reconnection backoff', () => {
  it('doubles from 1 s up to 30 s, with at most ±25 % jitter', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6].map((attempt) => backoffMs(attempt, middle))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
    expect(backoffMs(0, () => 0)).toBe(750);
    expect(backoffMs(10, () => 1)).toBe(37_500);
  });
});
