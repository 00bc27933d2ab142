import { DEFAULT_LOCALE } from '@capshelf/contract';
import { i18n } from '../i18n';
import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, vi } from 'vitest';
import { operationLog } from '../features/logger';
import { resetTrayState } from '../features/downloads/useTrayOpen';
import { imageQueue } from '../lib/imageQueue';
import { closeShortcutHelp } from '../features/shortcuts/helpStore';
import { wireApiClient } from '../app/wireApiClient';

// Every API call is echoed to the console by the logger; the tests read its history instead.
operationLog.setEcho(false);
// The page wires its API client in main.tsx, which the tests do not load.
wireApiClient();

// A screen is a lazy route: its first render waits for the module to load, which on a loaded
// 2-core machine took longer than testing-library's 1 s default for `findBy*` and `waitFor`. The
// wait only bounds how long a test looks for what must appear; nothing of the product's timing is
// asserted through it (tests of timing use fake timers).
configure({ asyncUtilTimeout: 10_000 });
// happy-dom's IntersectionObserver never reports anything: without one, the image queue treats
// every image as on screen (tests that need an observer stub their own).
beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', undefined);
});

// Without vitest globals, testing-library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // The toast store outlives the <Toaster>; a leftover toast would leak into the next test.
  toast.remove();
  operationLog.clear();
  operationLog.setEnabled(true);
  localStorage.clear();
  void i18n.changeLanguage(DEFAULT_LOCALE);
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  // Module state, like the stores above: under `isolate: false` the next file inherits it.
  closeShortcutHelp();
  resetTrayState();
  imageQueue.clear();
});
