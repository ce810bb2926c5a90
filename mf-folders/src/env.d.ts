// Stylesheets are handled by Rspack (and ignored by vitest); jest-dom matchers come from the shared setup file.
/// <reference types="@testing-library/jest-dom/vitest" />

declare module '*.css';
