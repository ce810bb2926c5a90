export { createTasks, createTasksApp, SERVICE_NAME, type Tasks, type TasksOptions } from './app';
export { type TasksConfig, tasksConfigSchema, tasksProcessEnv } from './config';
/** The lists' queries, for the benchmark that times them in Postgres alone. */
export { pageQuery, wholeListQuery } from './routes/tasks/pages.repository';
