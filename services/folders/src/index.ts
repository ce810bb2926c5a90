export { createFolders, createFoldersApp, type Folders, type FoldersOptions, SERVICE_NAME } from './app';
export { type FoldersConfig, foldersConfigSchema, foldersProcessEnv } from './config';
