export * from './app';
export * from './config';
export type { NotificationsDeps } from './context';
