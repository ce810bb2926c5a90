export {
  createFiles,
  createFilesApp,
  type Files,
  type FilesOptions,
  SERVICE_NAME,
  storageOriginOf,
} from './app';
export { type FilesConfig, filesConfigSchema, filesProcessEnv } from './config';
