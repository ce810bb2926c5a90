export { createTasks, createTasksApp, SERVICE_NAME, type Tasks, type TasksOptions } from './app';
export { type TasksConfig, tasksConfigSchema, tasksProcessEnv } from './config';
/** A page's query, for the benchmark that times pages in Postgres alone. */
export { countsQuery, pageQuery } from './routes/tasks/pages';
/** The list query, for the benchmark that times it in Postgres alone. */
export { selectTaskViews } from './views';
