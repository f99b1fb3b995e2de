import { offlineData } from '@drinkflow/domain/offline-data';
import { describe, expect, it } from 'vitest';
import { asOfflineData } from '@/features/scanner/offline/valid-offline-data';
import { offlineDataWith } from './offline-fixtures';

type Json = unknown;

/** Every path to a value inside `value` (keys and array indexes). */
function paths(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [prefix];
  const entries = Array.isArray(value)
    ? value.map((item, index) => [index, item] as const)
    : Object.entries(value);
  return [prefix, ...entries.flatMap(([key, item]) => paths(item, [...prefix, key]))];
}

/** A copy of `value` with the thing at `path` replaced (undefined: deleted). */
function withAt(value: Json, path: (string | number)[], replacement: Json): Json {
  const copy = structuredClone(value) as Record<string | number, Json>;
  if (path.length === 0) return replacement;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
  const last = path.at(-1)!;
  if (replacement === undefined) delete parent[last];
  else parent[last] = replacement;
  return copy;
}

const replacements: Json[] = [
  undefined,
  null,
  0,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  'activo',
  'intervalos_controlados',
  'f'.repeat(64),
  'F'.repeat(64),
  'f'.repeat(63),
  'a+b/c=',
  'abc_-',
  [],
  {},
  true,
];

describe('the offline data check', () => {
  it('accepts what the server sends, with no tickets too', async () => {
    const data = await offlineDataWith([{ qr: 'qr-uno' }, { qr: 'qr-dos', consumos: [new Date()] }]);
    expect(asOfflineData(data)).toBe(data);
    expect(asOfflineData({ ...data, tickets: [] })).not.toBeNull();
  });

  it('agrees with the domain schema on every field broken in turn', async () => {
    const data = await offlineDataWith([
      { qr: 'qr-uno', consumos: [new Date()] },
      { qr: 'qr-dos', estado: 'invalidado', tipo: 3 },
    ]);
    // Every path with every replacement: no sampling, the same cases every run.
    const disagreements = paths(data).flatMap((path) =>
      replacements
        .map((replacement) => ({ path, replacement, broken: withAt(data, path, replacement) }))
        .filter(({ broken }) => (asOfflineData(broken) !== null) !== offlineData.safeParse(broken).success)
        .map(({ path, replacement }) => `${path.join('.')} = ${String(replacement)}`),
    );
    expect(disagreements).toEqual([]);
  });

  it('agrees with the domain schema on a top-up usable today broken in turn', async () => {
    const data = await offlineDataWith([{ qr: 'qr-uno' }]);
    const ticket = {
      ...data.tickets[0]!,
      recargasHoy: [{ createdAt: new Date().toISOString(), bebidas: 2 }],
    };
    const withTopUp = { ...data, tickets: [ticket] };
    expect(asOfflineData(withTopUp)).toBe(withTopUp);
    const disagreements = paths(withTopUp)
      .filter((path) => path.includes('recargasHoy'))
      .flatMap((path) =>
        replacements
          .map((replacement) => ({ path, replacement, broken: withAt(withTopUp, path, replacement) }))
          .filter(({ broken }) => (asOfflineData(broken) !== null) !== offlineData.safeParse(broken).success)
          .map(({ path, replacement }) => `${path.join('.')} = ${String(replacement)}`),
      );
    expect(disagreements).toEqual([]);
  });

  it('refuses things that are not offline data at all', () => {
    for (const value of [null, undefined, 'datos', 42, [], {}]) expect(asOfflineData(value)).toBeNull();
  });
});
