import { envVars, jwtEnv, mailEnv, serviceEnv } from '@baton/service-kit';
import { z } from 'zod';

export const tasksConfigSchema = z.object({
  /** Where accept links and sign-up links in mails point. */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  ...jwtEnv,
  /** Accept links work once and for this long. */
  ACCEPT_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  /** Caps on the mails people's actions send (off only for benchmarks). */
  RATE_LIMITS: envVars.bool(true),
  /** Accept mails held back by a cap go out in one digest per recipient this long after the first was held. */
  MAIL_DIGEST_MINUTES: z.coerce.number().int().min(1).max(1_440).default(60),
});
export type TasksConfig = z.infer<typeof tasksConfigSchema>;

export const defaultTasksConfig = (): TasksConfig => tasksConfigSchema.parse({});

/** The process's whole environment (`npm start -w @baton/tasks`, containers, manifests). */
export const tasksProcessEnv = serviceEnv(
  tasksConfigSchema.extend({
    ...mailEnv,
    IDENTITY_URL: z.url().default('http://127.0.0.1:7101'),
    FILES_URL: z.url().default('http://127.0.0.1:7105'),
  }),
  7102,
);
