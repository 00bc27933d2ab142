import { cleanup } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, vi } from 'vitest';

// Without vitest globals, testing-library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // The toast store outlives the <Toaster>; a leftover toast would leak into the next test.
  toast.remove();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
