export { createTasks, createTasksApp, SERVICE_NAME, type Tasks, type TasksOptions } from './app';
export { type TasksConfig, tasksConfigSchema } from './config';
