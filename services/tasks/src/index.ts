export { createTasks, createTasksApp, SERVICE_NAME, type Tasks, type TasksOptions } from './app';
export { type TasksConfig, tasksConfigSchema } from './config';
/** The list query, for the benchmark that times it in Postgres alone. */
export { selectTaskViews } from './views';
