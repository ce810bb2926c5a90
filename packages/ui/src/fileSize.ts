/** Sizes are worded once, for the server's sentences and the views alike. */
export { formatFileSize } from '@baton/contracts/constants';
