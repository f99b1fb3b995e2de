import { afterEach, describe, expect, it, vi } from 'vitest';

// The organizer's first page imports lib/format.ts and shows no amount: loading the module must
// not make an Intl formatter (docs/decisions/049).

afterEach(() => {
  vi.restoreAllMocks();
});

describe('formatEuros', () => {
  it('makes its formatter on first use, once, not when the module loads', async () => {
    vi.resetModules();
    const Original = Intl.NumberFormat;
    const made = vi.fn();
    vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (
      ...args: ConstructorParameters<typeof Intl.NumberFormat>
    ) {
      made();
      return new Original(...args);
    } as unknown as typeof Intl.NumberFormat);
    const { formatEuros } = await import('@/lib/format');
    expect(made).not.toHaveBeenCalled();

    expect(formatEuros(12.5)).toBe('12,50\u00a0€');
    expect(formatEuros(3)).toBe('3,00\u00a0€');
    expect(made).toHaveBeenCalledTimes(1);
  });
});
