import { cleanup } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, vi } from 'vitest';
import { operationLog } from '../features/logger';

// Every API call is echoed to the console by the logger; the tests read its history instead.
operationLog.setEcho(false);

// Without vitest globals, testing-library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // The toast store outlives the <Toaster>; a leftover toast would leak into the next test.
  toast.remove();
  operationLog.clear();
  operationLog.setEnabled(true);
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
