// Types for the jest-dom matchers that ../../vitest.web-setup.mts registers (toHaveFocus, toBeInTheDocument...).
/// <reference types="@testing-library/jest-dom/vitest" />
