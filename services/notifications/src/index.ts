export * from './app';
export * from './config';
export type { NotificationsDeps } from './context';
export { type JobName, type ScheduledJob, scheduleJob } from './scheduler/scheduler';
