import { z } from 'zod';

export const foldersConfigSchema = z.object({
  JWT_ISSUER: z.string().min(1).default('baton-identity'),
  JWT_AUDIENCE: z.string().min(1).default('baton'),
});
export type FoldersConfig = z.infer<typeof foldersConfigSchema>;

export const defaultFoldersConfig = (): FoldersConfig => foldersConfigSchema.parse({});
