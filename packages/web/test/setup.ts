import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The web files share one jsdom per worker (vitest.config.ts, isolate: false): each file starts from
// freshly evaluated app modules (their module-level stores and caches), and each test leaves an
// empty page and empty storage, as if every file had a worker of its own.
vi.resetModules();

// findBy… and waitFor wait up to 5 s (1 s by default): the first test of a file that opens a lazy
// page (the statistics page and its charts) transforms that code first, which on a loaded 2-core
// machine can take longer than a second. A test that waits for something that never comes still
// fails, only later.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});
