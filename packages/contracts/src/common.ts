import { z } from 'zod';

/** Limits and constants of SPEC §9 that both sides enforce. */
export const limits = {
  passwordMin: 8,
  folderName: 50,
  baseFileLabel: 60,
  baseFileBytes: 26_214_400,
  progressNote: 200,
  progressStep: 5,
  emailMax: 254,
  nameMax: 150,
  titleMax: 200,
  descriptionMax: 10_000,
  commentMax: 5_000,
  idsMax: 500,
} as const;

/** E-mail as the task form checks it: something, @, something, dot, something. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const email = z
  .string()
  .trim()
  .max(limits.emailMax, 'Enter a valid email address.')
  .regex(emailPattern, 'Enter a valid email address.')
  .transform((value) => value.toLowerCase());

export const uuid = z.uuid();
/** Path ids arrive as strings; services use UUIDs for every primary key. */
export const idParam = z.object({ id: uuid });
export const isoDateTime = z.iso.datetime({ offset: true });
/** A due date as the task form sends it: a calendar date, optionally with a time. */
export const dueDate = z.union([z.iso.date(), isoDateTime]);

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;
