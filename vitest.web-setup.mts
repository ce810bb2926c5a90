/// <reference lib="dom" />
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library only cleans up by itself when vitest globals are on; they are not.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
