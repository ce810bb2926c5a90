import { type ImportFormat, transferMessages as m, type Priority, priorities } from '@baton/contracts';
import { badRequest } from '@baton/service-kit';
import { parse } from 'csv-parse/sync';
import { type BatonCsvColumn, unguardCell } from './baton-csv';
import { batonDate, type DateCell, todoistDate, trelloDate } from './import.dates';

/** One would-be task of a file, as the file says it, before the checks every format shares. */
export interface FileRow {
  /** Where it is in the file, from 1: its spreadsheet row (the header is row 1), or its place among the cards or tasks. */
  row: number;
  title: string;
  description: string;
  due: DateCell;
  priority: Priority;
  completed: boolean;
  completedAt: string | null;
  progress: number;
  /** Why it cannot be a task whatever its fields (an archived Trello card). */
  refusal?: string;
}

export interface ReadFile {
  format: ImportFormat;
  rows: FileRow[];
}

const open = { completed: false, completedAt: null, progress: 0 } as const;

/**
 * Todoist's PRIORITY: 1 is p1, the highest, 4 is p4, the lowest (Todoist Help, "Format a CSV file to import
 * into Todoist", https://todoist.com/help/articles/format-a-csv-file-to-import-into-todoist-UVUXTmm6 — the
 * reverse of Todoist's API, where 4 is p1). An empty cell, p1 to Todoist, is Moderate here: a file written by
 * hand says nothing about urgency.
 */
const todoistPriorities: Record<string, Priority> = {
  '1': 'Immediate',
  '2': 'Moderate',
  '3': 'Moderate',
  '4': 'Lenient',
};

type Records = string[][];

/** Cells by header name (as `name` normalises it) of each record under the header. */
function byHeader(records: Records, name: (header: string) => string) {
  const header = (records[0] ?? []).map(name);
  return (record: string[], column: string) => {
    const at = header.indexOf(column);
    return at < 0 ? '' : (record[at] ?? '');
  };
}

/** Todoist's CSV export: one row per task, section or note (TYPE); only tasks become tasks. */
function todoistRows(records: Records): FileRow[] {
  const cell = byHeader(records, (header) => header.trim().toUpperCase());
  return records.slice(1).flatMap((record, index) => {
    if (cell(record, 'TYPE').trim().toLowerCase() !== 'task') return [];
    const date = cell(record, 'DATE').trim() ? cell(record, 'DATE') : cell(record, 'DEADLINE');
    return [
      {
        row: index + 2,
        title: cell(record, 'CONTENT'),
        description: cell(record, 'DESCRIPTION'),
        due: todoistDate(date),
        priority: todoistPriorities[cell(record, 'PRIORITY').trim()] ?? 'Moderate',
        ...open,
      },
    ];
  });
}

const priorityOf = (value: unknown): Priority =>
  priorities.find((priority) => priority === value) ?? 'Moderate';

const progressOf = (value: unknown) => {
  const progress = Number(value);
  return Number.isInteger(progress) && progress >= 0 && progress <= 100 ? progress : 0;
};

const instantOf = (value: unknown) => {
  if (typeof value !== 'string' || value === '') return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
};

/** Baton's own fields, from a CSV row or a JSON task alike. */
function batonRow(row: number, fields: Record<string, unknown>): FileRow {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const completed = fields.completed === true || fields.completed === 'true';
  return {
    row,
    title: text(fields.title),
    description: text(fields.description),
    due: batonDate(fields.dueDate),
    priority: priorityOf(fields.priority),
    completed,
    completedAt: completed ? instantOf(fields.completedAt) : null,
    progress: progressOf(fields.progress),
  };
}

/** Baton's CSV export (`baton-csv.ts`): cells read back without the apostrophe that guards formulas. */
function batonCsvRows(records: Records): FileRow[] {
  const cell = byHeader(records, (header) => header.trim().toLowerCase());
  const field = (record: string[], column: BatonCsvColumn) => unguardCell(cell(record, column));
  return records.slice(1).flatMap((record, index) => {
    if (record.every((value) => value.trim() === '')) return [];
    return [
      batonRow(index + 2, {
        title: field(record, 'title'),
        description: field(record, 'description'),
        dueDate: field(record, 'due date'),
        priority: field(record, 'priority'),
        completed: field(record, 'completed'),
        completedAt: field(record, 'completed at'),
        progress: field(record, 'progress'),
      }),
    ];
  });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A Trello board's JSON export: each card a task; archived cards, and cards of archived lists, refused. */
function trelloRows(board: { cards: unknown[]; lists: unknown[] }): FileRow[] {
  const closedLists = new Set(
    board.lists.filter(isObject).flatMap((list) => (list.closed === true ? [String(list.id)] : [])),
  );
  return board.cards.map((card, index) => {
    const fields = isObject(card) ? card : {};
    const refusal =
      fields.closed === true
        ? m.closedCard
        : closedLists.has(String(fields.idList))
          ? m.closedList
          : undefined;
    const completed = fields.dueComplete === true;
    return {
      row: index + 1,
      title: typeof fields.name === 'string' ? fields.name : '',
      description: typeof fields.desc === 'string' ? fields.desc : '',
      due: trelloDate(fields.due),
      // Trello cards have no priority.
      priority: 'Moderate',
      completed,
      completedAt: completed ? instantOf(fields.dateLastActivity) : null,
      progress: 0,
      ...(refusal ? { refusal } : {}),
    };
  });
}

function readJson(content: string): ReadFile {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    throw badRequest(m.unreadable);
  }
  if (isObject(value) && Array.isArray(value.cards) && Array.isArray(value.lists))
    return { format: 'trello-json', rows: trelloRows({ cards: value.cards, lists: value.lists }) };
  if (isObject(value) && Array.isArray(value.tasks) && 'exportedAt' in value)
    return {
      format: 'baton-json',
      rows: value.tasks.map((task, index) => batonRow(index + 1, isObject(task) ? task : {})),
    };
  throw badRequest(m.importUnknownFormat);
}

function readCsv(content: string): ReadFile {
  let records: Records;
  try {
    // Empty lines are kept (and skipped below) so row numbers are the spreadsheet's.
    records = parse(content, { bom: true, relax_column_count: true, skip_empty_lines: false });
  } catch {
    throw badRequest(m.unreadable);
  }
  const header = new Set((records[0] ?? []).map((name) => name.trim().toLowerCase()));
  if (header.has('type') && header.has('content'))
    return { format: 'todoist-csv', rows: todoistRows(records) };
  if (header.has('title') && header.has('due date') && header.has('priority'))
    return { format: 'baton-csv', rows: batonCsvRows(records) };
  throw badRequest(m.importUnknownFormat);
}

/** The file's format, told by its content (not its name), and its would-be tasks. */
export function readImportFile(content: string): ReadFile {
  const start = content.replace(/^\uFEFF/, '').trimStart();
  return start.startsWith('{') || start.startsWith('[') ? readJson(start) : readCsv(content);
}
