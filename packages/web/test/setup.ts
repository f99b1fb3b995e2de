import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy… and waitFor wait up to 5 s (1 s by default): the first test of a file that opens a lazy
// page (the statistics page and its charts) transforms that code first, which on a loaded 2-core
// machine can take longer than a second. A test that waits for something that never comes still
// fails, only later.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});
