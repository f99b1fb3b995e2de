import { describe, expect, it } from 'vitest';
import { countByFolder, incompleteFolders } from '../vitest-report.mjs';

const root = '/repo';
const file = (name, ...statuses) => ({
  name: `${root}/${name}`,
  assertionResults: statuses.map((status) => ({ status })),
});

describe('countByFolder', () => {
  it('counts each package’s tests by where its files live', () => {
    const report = {
      testResults: [
        file('packages/domain/test/a.test.ts', 'passed', 'passed'),
        file('packages/server/test/b.test.ts', 'passed', 'failed'),
        file('packages/web/test/c.test.tsx', 'pending', 'todo', 'passed'),
      ],
    };

    expect(countByFolder(report, root)).toEqual({
      domain: { passed: 2, failed: 0, skipped: 0 },
      server: { passed: 1, failed: 1, skipped: 0 },
      web: { passed: 1, failed: 0, skipped: 2 },
      scripts: { passed: 0, failed: 0, skipped: 0 },
    });
  });
});

describe('incompleteFolders', () => {
  const counts = countByFolder(
    {
      testResults: [
        file('packages/domain/test/a.test.ts', 'passed'),
        file('packages/server/test/b.test.ts', 'passed'),
        file('packages/web/test/c.test.tsx', 'passed', 'skipped'),
      ],
    },
    root,
  );

  it('names a package that ran no test at all, even when the others passed', () => {
    expect(incompleteFolders(counts, ['domain', 'server', 'scripts'])).toEqual(['scripts']);
  });

  it('names a package with a skipped test', () => {
    expect(incompleteFolders(counts, ['domain', 'web'])).toEqual(['web']);
  });

  it('accepts packages whose tests all ran and passed', () => {
    expect(incompleteFolders(counts, ['domain', 'server'])).toEqual([]);
  });
});
