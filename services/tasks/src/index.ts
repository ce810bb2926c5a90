export { createTasks, createTasksApp, SERVICE_NAME, type Tasks, type TasksOptions } from './app';
export { type TasksConfig, tasksConfigSchema, tasksProcessEnv } from './config';
/** The lists' and search's queries, for the benchmarks that time them in Postgres alone. */
export { searchQueries, searchStatement } from './routes/search/search.repository';
export { pageQuery } from './routes/tasks/pages.repository';
export { summaryQuery } from './routes/tasks/tasks.repository';
export { wholeListQuery } from './routes/tasks/whole-list.repository';
