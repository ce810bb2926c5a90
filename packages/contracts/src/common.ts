import { z } from 'zod';
import { emailPattern, limits } from './constants';

export { emailPattern, limits, mailMessages } from './constants';

export const email = z
  .string()
  .trim()
  .max(limits.emailMax, 'Enter a valid email address.')
  .regex(emailPattern, 'Enter a valid email address.')
  .transform((value) => value.toLowerCase());

export const uuid = z.uuid();
/** An integer a Postgres `integer` column holds: anything past it is a 400, never the database's 500. */
export const int32 = z
  .number()
  .int()
  .min(-2_147_483_648, 'Must be a whole number from -2147483648 to 2147483647.')
  .max(2_147_483_647, 'Must be a whole number from -2147483648 to 2147483647.');
/** Path ids arrive as strings; services use UUIDs for every primary key. */
export const idParam = z.object({ id: uuid });
export const isoDateTime = z.iso.datetime({ offset: true });
/** A due date as the task form sends it: a calendar date, optionally with a time. */
export const dueDate = z.union([z.iso.date(), isoDateTime]);

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;
