// Fails when any package's source imports itself in a circle, type-only imports included: ESLint's
// import-x/no-cycle skips `import type`, yet a type circle still ties two files together for a
// reader and for the next refactor (docs/decisions/054).
import madge from 'madge';

const packages = [
  { root: 'packages/domain/src', tsConfig: 'packages/domain/tsconfig.json' },
  { root: 'packages/server/src', tsConfig: 'packages/server/tsconfig.json' },
  { root: 'packages/web/src', tsConfig: 'packages/web/tsconfig.json' },
];

let circles = 0;
for (const { root, tsConfig } of packages) {
  const graph = await madge(root, {
    fileExtensions: ['ts', 'tsx'],
    tsConfig,
    detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
  });
  for (const circle of graph.circular()) {
    circles += 1;
    console.error(`✗ import circle in ${root}: ${[...circle, circle[0]].join(' → ')}`);
  }
}
if (circles > 0) process.exit(1);
console.log('✓ no import circles in domain, server or web');
