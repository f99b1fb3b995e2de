// Reads Vitest's JSON report and counts the tests of each package, so that a package whose tests
// all vanished (deleted, excluded, not matched) fails the run instead of passing unnoticed.
import { relative, sep } from 'node:path';

/** Where each Vitest project's test files live, relative to the repository root. */
export const testFolders = {
  domain: 'packages/domain/',
  server: 'packages/server/',
  web: 'packages/web/',
  scripts: 'scripts/',
};

/** `{ [folder name]: {passed, failed, skipped} }` for every folder of `testFolders`. */
export function countByFolder(report, root = process.cwd()) {
  const counts = Object.fromEntries(
    Object.keys(testFolders).map((name) => [name, { passed: 0, failed: 0, skipped: 0 }]),
  );
  for (const file of report.testResults ?? []) {
    const path = relative(root, file.name).split(sep).join('/');
    const folder = Object.keys(testFolders).find((name) => path.startsWith(testFolders[name]));
    if (!folder) continue;
    for (const assertion of file.assertionResults ?? []) {
      if (assertion.status === 'passed') counts[folder].passed++;
      else if (assertion.status === 'failed') counts[folder].failed++;
      else counts[folder].skipped++;
    }
  }
  return counts;
}

/** The folders of `required` that ran no passing test, or had a failed or skipped one. */
export function incompleteFolders(counts, required) {
  return required.filter((name) => {
    const count = counts[name];
    return !count || count.passed === 0 || count.failed > 0 || count.skipped > 0;
  });
}
