import { jwtEnv, serviceEnv } from '@baton/service-kit';
import { z } from 'zod';

export const foldersConfigSchema = z.object({
  ...jwtEnv,
});
export type FoldersConfig = z.infer<typeof foldersConfigSchema>;

export const defaultFoldersConfig = (): FoldersConfig => foldersConfigSchema.parse({});

/** The process's whole environment (`npm start -w @baton/folders`, containers, manifests). */
export const foldersProcessEnv = serviceEnv(
  foldersConfigSchema.extend({
    IDENTITY_URL: z.url().default('http://127.0.0.1:7101'),
    FILES_URL: z.url().default('http://127.0.0.1:7105'),
    TASKS_URL: z.url().default('http://127.0.0.1:7102'),
  }),
  7103,
);
