/** Joins class names, skipping empty values: cx('b-a', cond && 'b-b'). */
export function cx(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
