import { describe, expect, it } from 'vitest';
import { barEntry, barRenames, type BarEntry } from '@/features/events/utils/event-form-values';

/** Replays the renames on the saved names as the server does, refusing a name another bar holds. */
function replay(saved: string[], steps: { de: string; a: string }[]): string[] {
  const key = (name: string) => name.trim().toLocaleLowerCase('es');
  const names = [...saved];
  for (const { de, a } of steps) {
    const index = names.findIndex((name) => key(name) === key(de));
    expect(index, `«${de}» is not a bar`).toBeGreaterThanOrEqual(0);
    expect(
      names.some((name, i) => i !== index && key(name) === key(a)),
      `«${a}» is taken when renaming «${de}»`,
    ).toBe(false);
    expect(a.length).toBeLessThanOrEqual(40);
    names[index] = a;
  }
  return names;
}

const saved = (...names: string[]): BarEntry[] => names.map((name) => barEntry(name, name));
const renamed = (entries: BarEntry[], to: Record<string, string>) =>
  entries.map((entry) => ({ ...entry, nombre: to[entry.original!] ?? entry.nombre }));

describe('barRenames', () => {
  it('renames only the bars whose name changed, one step each', () => {
    const form = renamed(saved('Barra A', 'Barra B'), { 'Barra A': 'Terraza' });
    expect(barRenames(form)).toEqual([{ de: 'Barra A', a: 'Terraza' }]);
    expect(barRenames(saved('Barra A'))).toEqual([]);
  });

  it('orders a chain so no bar takes a name still held: A→B after B→C', () => {
    const form = renamed(saved('A', 'B'), { A: 'B', B: 'C' });
    const steps = barRenames(form);
    expect(steps).toEqual([
      { de: 'B', a: 'C' },
      { de: 'A', a: 'B' },
    ]);
    expect(replay(['A', 'B'], steps)).toEqual(['B', 'C']);
  });

  it('swaps two bars through a temporary name', () => {
    const form = renamed(saved('VIP', 'Pista'), { VIP: 'Pista', Pista: 'VIP' });
    const steps = barRenames(form);
    expect(steps).toHaveLength(3);
    expect(replay(['VIP', 'Pista'], steps)).toEqual(['Pista', 'VIP']);
  });

  it('turns a three-bar cycle, with a case change in between', () => {
    const form = renamed(saved('Norte', 'Sur', 'Este'), { Norte: 'sur', Sur: 'Este', Este: 'Norte' });
    const steps = barRenames(form);
    expect(replay(['Norte', 'Sur', 'Este'], steps)).toEqual(['sur', 'Este', 'Norte']);
  });

  it('changes only the case of a name in one step', () => {
    expect(barRenames(renamed(saved('vip'), { vip: 'VIP' }))).toEqual([{ de: 'vip', a: 'VIP' }]);
  });

  it('never parks a bar under a name the event already has', () => {
    const form = renamed(saved('A', 'B', 'Renombrando 1'), { A: 'B', B: 'A' });
    const steps = barRenames(form);
    expect(replay(['A', 'B', 'Renombrando 1'], steps)).toEqual(['B', 'A', 'Renombrando 1']);
  });
});
