export { createFiles, createFilesApp, type Files, type FilesOptions, SERVICE_NAME } from './app';
export { type FilesConfig, filesConfigSchema } from './config';
