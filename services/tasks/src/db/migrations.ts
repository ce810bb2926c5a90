import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

const uuidPk = sql`gen_random_uuid()`;

/**
 * The partitions of task_search (by a hash of the person): a person's search reads one, whose GIN index holds
 * the words of about 1/64 of everyone's tasks. More partitions cost planning and catalog size; fewer, more of
 * other people's matches walked (bench:million; deploy/README.md "Sizing for a million people").
 */
export const searchPartitions = 64;

/**
 * Learns the words of `docs` (a select of tsvectors named `doc`) into search_words: words of letters only (3 to
 * 40 of them), what a mistyped query word may be corrected to.
 */
const learnWords = (docs: string) => `
  insert into search_words (word)
  select distinct l.word from (${docs}) as d, unnest(tsvector_to_array(d.doc)) as l(word)
  where length(l.word) between 3 and 40 and l.word !~ '[[:digit:][:punct:][:space:]]'
    and not exists (select 1 from search_words s where s.word = l.word)`;

/** The transition tables a statement-level trigger of each event reads. */
const transitionTables = {
  insert: 'new table as new_rows',
  delete: 'old table as old_rows',
  update: 'new table as new_rows old table as old_rows',
} as const;

/**
 * A statement-level trigger `trigger` (by default `fn`) after `event` on `table`: the function `fn` runs `body`
 * (plpgsql statements) once a statement, with the statement's rows in its transition tables (new_rows,
 * old_rows): a statement writing many rows (an import, a bulk change) is one set-based write.
 */
async function statementTrigger(
  db: Kysely<any>,
  t: { table: string; event: keyof typeof transitionTables; fn: string; trigger?: string; body: string },
) {
  await sql
    .raw(
      `create function ${t.fn}() returns trigger language plpgsql as $$ begin ${t.body}; return null; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${t.trigger ?? t.fn} after ${t.event} on ${t.table}
         referencing ${transitionTables[t.event]} for each statement execute function ${t.fn}()`,
    )
    .execute(db);
}

/**
 * Adds the signed changes `parts` (rows of `keys` and a +1 or -1) to the counts table `table` (`keys`, n): one
 * write per changed count, in key order, so two statements changing the same counts wait for each other
 * instead of deadlocking; a count that does not change is not written.
 */
const addToCounts = (table: string, keys: string, parts: string) => `
  insert into ${table} (${keys}, n)
  select ${keys}, sum(d) from (${parts}) as change (${keys}, d)
    group by ${keys}
    having sum(d) <> 0
    order by ${keys}
  on conflict (${keys}) do update set n = ${table}.n + excluded.n`;

export const migrations: Record<string, Migration> = {
  '2026-11-21T10:30_tasks_init': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('trusts')
        .addColumn('owner_id', 'uuid', (c) => c.notNull())
        .addColumn('trusted_id', 'uuid', (c) => c.notNull())
        .addPrimaryKeyConstraint('trusts_pk', ['owner_id', 'trusted_id'])
        .execute();
      await db.schema
        .createTable('folders')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('owner_id', 'uuid', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('color', 'text')
        .execute();
      await db.schema
        .createTable('tasks')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidPk))
        .addColumn('owner_id', 'uuid', (c) => c.notNull())
        .addColumn('owner_email', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('personal', 'assign', 'invite')`))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('due_date', 'text')
        .addColumn('priority', 'text', (c) =>
          c.notNull().check(sql`priority in ('Immediate', 'Moderate', 'Lenient')`),
        )
        .addColumn('progress', 'integer', (c) =>
          c.notNull().defaultTo(0).check(sql`progress between 0 and 100`),
        )
        .addColumn('completed', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('completed_at', 'timestamptz')
        .addColumn('folder_id', 'uuid')
        .addColumn('attachment_key', 'text')
        .addColumn('attachment_url', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      // The lists: one person's tasks of one kind, newest first.
      await db.schema
        .createIndex('tasks_owner_kind')
        .on('tasks')
        .columns(['owner_id', 'kind', 'created_at desc'])
        .execute();
      await db.schema
        .createTable('task_recipients')
        .addColumn('task_id', 'uuid', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('user_id', 'uuid')
        .addColumn('accepted_at', 'timestamptz')
        .addColumn('is_trusted', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('task_recipients_pk', ['task_id', 'email'])
        .execute();
      await db.schema.createIndex('task_recipients_user').on('task_recipients').column('user_id').execute();
      await db.schema.createIndex('task_recipients_email').on('task_recipients').column('email').execute();
      await db.schema
        .createTable('accept_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('task_id', 'uuid', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('used_at', 'timestamptz')
        .execute();
      await db.schema
        .createTable('progress_logs')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidPk))
        .addColumn('task_id', 'uuid', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('author_id', 'uuid', (c) => c.notNull())
        .addColumn('author_name', 'text', (c) => c.notNull())
        .addColumn('progress', 'integer', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createIndex('progress_logs_task')
        .on('progress_logs')
        .columns(['task_id', 'created_at desc'])
        .execute();
    },
  },
  '2026-11-22T18:45_tasks_erased_users': {
    async up(db: Kysely<any>) {
      // Deleted accounts, kept for good: a write racing the deletion finds its author here (people.repository.ts).
      await db.schema
        .createTable('erased_users')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('erased_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
  '2026-11-23T09:00_tasks_attachment_info': {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('tasks')
        .addColumn('attachment_name', 'text')
        .addColumn('attachment_type', 'text')
        .addColumn('attachment_size', 'bigint')
        .execute();
    },
  },
  '2026-11-24T02:00_tasks_comments': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('comments')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidPk))
        .addColumn('task_id', 'uuid', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('author_id', 'uuid', (c) => c.notNull())
        .addColumn('author_email', 'text', (c) => c.notNull())
        .addColumn('author_name', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      // A thread, oldest first, and "after this comment" as an index range.
      await db.schema
        .createIndex('comments_task_time')
        .on('comments')
        .columns(['task_id', 'created_at', 'id'])
        .execute();
      // Account erasure removes a person's comments.
      await db.schema.createIndex('comments_author').on('comments').column('author_id').execute();
    },
  },
  '2026-11-24T03:00_tasks_pages': {
    async up(db: Kysely<any>) {
      // The recipient who has an account, on the task itself, so their side of a list is one index range.
      await sql`alter table tasks add column recipient_id uuid`.execute(db);
      await sql`update tasks t set recipient_id = r.user_id from task_recipients r where r.task_id = t.id`.execute(
        db,
      );
      // One sort key per order a list offers, exact to the microsecond (JavaScript dates stop at the
      // millisecond) and with every part in one direction, so "after this key" is a range of one index.
      const micros = (column: string) =>
        `(extract(epoch from (${column} at time zone 'UTC')) * 1000000)::bigint`;
      await sql
        .raw(
          `alter table tasks
             -- The folder, or the nil id for none: an equality the index can keep its order under (IS NULL is not).
             add column folder_key uuid generated always as (
               coalesce(folder_id, '00000000-0000-0000-0000-000000000000'::uuid)) stored,
             add column created_us bigint generated always as (${micros('created_at')}) stored,
             add column completed_us bigint generated always as (${micros('completed_at')}) stored,
             -- Priority (Immediate, Moderate, Lenient), then newest first.
             add column sort_priority bigint generated always as (
               (case priority when 'Immediate' then 0 when 'Moderate' then 1 else 2 end) * 10000000000000000
               + (10000000000000000 - ${micros('created_at')})) stored,
             -- Due date, those without one last, then newest first.
             add column sort_due text collate "C" generated always as (
               (case when due_date is null then '1' else '0' end) || rpad(coalesce(due_date, ''), 32)
               || lpad((10000000000000000 - ${micros('created_at')})::text, 17, '0')) stored`,
        )
        .execute(db);
      for (const [side, lead] of [
        ['owner', 'owner_id, kind, folder_key, completed'],
        ['recipient', 'recipient_id, kind, completed'],
      ] as const) {
        for (const [sort, key] of [
          ['newest', 'created_us desc, id desc'],
          ['priority', 'sort_priority, id'],
          ['due', 'sort_due, id'],
          ['done', 'completed_us desc, id desc'],
        ] as const)
          await sql.raw(`create index tasks_${side}_${sort} on tasks (${lead}, ${key})`).execute(db);
      }
      await sql`drop index tasks_owner_kind`.execute(db);
    },
  },
  '2026-11-24T10:00_tasks_side_counts': {
    async up(db: Kysely<any>) {
      // The tab counts of each side of each list, kept by Postgres itself as tasks change, so a first page reads
      // a few rows instead of counting every task of the side. The nil id stands for "no folder" (folder_key),
      // and is the only folder of a recipient's side.
      await sql`
        create table task_side_counts (
          person_id uuid not null,
          kind text not null,
          side text not null check (side in ('owner', 'recipient')),
          folder_key uuid not null,
          completed boolean not null,
          n bigint not null,
          primary key (person_id, kind, side, folder_key, completed)
        )`.execute(db);
      // Statement-level triggers, with the statement's rows: one write per changed count, in key order, so two
      // statements changing the same counts wait for each other instead of deadlocking.
      const sides = (rows: string, sign: string) => `
        select owner_id, kind, 'owner', folder_key, completed, ${sign}1 from ${rows}
        union all
        select recipient_id, kind, 'recipient', '00000000-0000-0000-0000-000000000000'::uuid, completed, ${sign}1
          from ${rows} where recipient_id is not null`;
      for (const [event, parts] of [
        ['insert', sides('new_rows', '+')],
        ['delete', sides('old_rows', '-')],
        ['update', `${sides('new_rows', '+')} union all ${sides('old_rows', '-')}`],
      ] as const)
        await statementTrigger(db, {
          table: 'tasks',
          event,
          fn: `task_side_counts_${event}`,
          trigger: `tasks_side_counts_${event}`,
          body: addToCounts('task_side_counts', 'person_id, kind, side, folder_key, completed', parts),
        });
      // The tasks there are already (the trigger's lock on tasks holds writers back until this commits).
      await sql`
        insert into task_side_counts (person_id, kind, side, folder_key, completed, n)
        select person_id, kind, side, folder_key, completed, count(*) from (
          select owner_id, kind, 'owner', folder_key, completed from tasks
          union all
          select recipient_id, kind, 'recipient', '00000000-0000-0000-0000-000000000000'::uuid, completed
            from tasks where recipient_id is not null
        ) as side (person_id, kind, side, folder_key, completed)
        group by person_id, kind, side, folder_key, completed`.execute(db);
    },
  },
  '2026-11-25T21:00_tasks_mail_digest': {
    async up(db: Kysely<any>) {
      // An accept mail held back by a mail cap: it goes out with the recipient's others in one digest.
      await db.schema.alterTable('task_recipients').addColumn('mail_held_at', 'timestamptz').execute();
      await sql`create index task_recipients_mail_held on task_recipients (email, mail_held_at)
                where mail_held_at is not null`.execute(db);
    },
  },
  '2026-11-25T23:50_tasks_users_email_verified': {
    async up(db: Kysely<any>) {
      // Everyone known before identity confirmed addresses had an account that received tasks.
      await db.schema
        .alterTable('users')
        .addColumn('email_verified', 'boolean', (c) => c.notNull().defaultTo(true))
        .execute();
    },
  },
  '2026-11-27T15:00_tasks_reminders': {
    async up(db: Kysely<any>) {
      // The doer's reminder before the due date (days before, at an hour of their zone), both or neither; and
      // whether the delegator is told the morning after the due date.
      await db.schema
        .alterTable('tasks')
        .addColumn('reminder_days_before', 'smallint')
        .addColumn('reminder_hour', 'smallint')
        .addColumn('overdue_notice', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();
      await db.schema
        .alterTable('tasks')
        .addCheckConstraint(
          'tasks_reminder_whole',
          sql`(reminder_days_before is null) = (reminder_hour is null)`,
        )
        .execute();
    },
  },
  '2026-11-28T09:00_tasks_delegation_loop': {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('tasks')
        // The recipient who declined it (their copy is gone: recipient_id is null again) and why.
        .addColumn('declined_by_id', 'uuid')
        .addColumn('declined_by_email', 'text')
        .addColumn('declined_by_name', 'text')
        .addColumn('decline_reason', 'text')
        .addColumn('declined_at', 'timestamptz')
        // The recipient's one open proposal of another due date.
        .addColumn('proposed_due_date', 'text')
        .addColumn('proposal_note', 'text')
        .addColumn('proposed_at', 'timestamptz')
        // The delegator's last nudge (at most one a day per task).
        .addColumn('last_nudged_at', 'timestamptz')
        // A repeating task: its RRULE, the series it belongs to and the series' first due date (DTSTART), and
        // whether completing it has made the next occurrence (once, however many completions race).
        .addColumn('recurrence', 'text')
        .addColumn('series_id', 'uuid')
        .addColumn('series_start', 'text')
        .addColumn('next_made', 'boolean', (c) => c.notNull().defaultTo(false))
        .execute();
      await db.schema
        .alterTable('tasks')
        .addCheckConstraint('tasks_proposal_whole', sql`(proposed_due_date is null) = (proposed_at is null)`)
        .execute();
      // The waiting-on-others view: a delegator's open delegated tasks.
      await sql`create index tasks_waiting on tasks (owner_id) where kind <> 'personal' and not completed`.execute(
        db,
      );
      // The secret address of a person's calendar feed (no session: the token is the credential).
      await db.schema
        .createTable('calendar_feeds')
        .addColumn('user_id', 'uuid', (c) => c.primaryKey())
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
  // Search (issue 36): every task's words in one tsvector (GIN), and the distinct words (trigram GIN) that
  // correct a mistyped query word. The 'simple' config: no stemming and no stop words, so German and English
  // text (and names) match alike; a query word must match a whole word (the last one may be a prefix).
  '2026-11-29T09:00_tasks_search': {
    async up(db: Kysely<any>) {
      await sql`create extension if not exists pg_trgm`.execute(db);
      // GIN indexes that hold a uuid next to the words: one person's matches are one index scan, not every
      // person's matches filtered.
      await sql`create extension if not exists btree_gin`.execute(db);
      // A file name with each separator a space (same length: its headline's offsets hold for the name).
      await sql`
        create function search_file_words(name text) returns text language sql immutable parallel safe
          return regexp_replace(name, '[^[:alnum:]]', ' ', 'g')`.execute(db);
      // The progress notes and comments (weight D), kept by the triggers below; the task's own text is
      // generated: title A, description B, attachment name C (whole, and word by word).
      await sql`
        alter table tasks
          add column search_talk tsvector not null default '',
          add column search_doc tsvector generated always as (
            setweight(to_tsvector('simple', title), 'A')
            || setweight(to_tsvector('simple', description), 'B')
            || setweight(to_tsvector('simple',
                 coalesce(attachment_name || ' ' || search_file_words(attachment_name), '')), 'C')
            || search_talk) stored`.execute(db);
      await sql`create index tasks_search_owner on tasks using gin (owner_id, search_doc)`.execute(db);
      await sql`create index tasks_search_recipient on tasks using gin (recipient_id, search_doc)
                where recipient_id is not null`.execute(db);
      // A word in most of a person's tasks: their newest tasks walked in order, tested one by one, stop at enough.
      await sql`create index tasks_search_owner_newest on tasks (owner_id, created_us desc)`.execute(db);
      await sql`create index tasks_search_recipient_newest on tasks (recipient_id, created_us desc)
                where recipient_id is not null`.execute(db);
      await sql`
        create function tasks_search_talk(ids uuid[]) returns void language sql as $$
          update tasks t set search_talk = coalesce((
            select setweight(to_tsvector('simple', string_agg(x.body, E'\n')), 'D') from (
              select message as body from progress_logs where task_id = t.id and message <> ''
              union all
              select content from comments where task_id = t.id) as x), '')
          where t.id = any(ids)
        $$`.execute(db);
      // Statement-level: a statement writing many notes or comments (an import, an undo) updates each task once.
      for (const table of ['progress_logs', 'comments'])
        for (const [event, rows] of [
          ['insert', 'select task_id from new_rows'],
          ['delete', 'select task_id from old_rows'],
          ['update', 'select task_id from new_rows union select task_id from old_rows'],
        ] as const)
          await statementTrigger(db, {
            table,
            event,
            fn: `${table}_search_${event}`,
            body: `perform tasks_search_talk(array(select distinct task_id from (${rows}) as changed))`,
          });
      // The words there are (never forgotten: a stale word only adds an alternative that finds nothing). No
      // unique key, so concurrent writers never wait on each other's words; a race may store a word twice.
      await sql`create table search_words (word text not null)`.execute(db);
      await sql`create index search_words_word on search_words (word)`.execute(db);
      await sql`create index search_words_trigrams on search_words using gin (word gin_trgm_ops)`.execute(db);
      for (const [event, docs] of [
        ['insert', 'select search_doc as doc from new_rows'],
        [
          'update',
          `select n.search_doc as doc from new_rows n join old_rows o on o.id = n.id
           where n.search_doc is distinct from o.search_doc`,
        ],
      ] as const)
        await statementTrigger(db, {
          table: 'tasks',
          event,
          fn: `tasks_search_words_${event}`,
          body: learnWords(docs),
        });
      // Whether a and b differ by at most one wrong, missing, extra or swapped letter (optimal string alignment
      // distance <= 1).
      await sql`
        create function search_one_edit(a text, b text) returns boolean language plpgsql immutable strict
        parallel safe as $$
        declare
          la int := length(a);
          lb int := length(b);
          i int := 1;
        begin
          if abs(la - lb) > 1 then return false; end if;
          while i <= least(la, lb) and substr(a, i, 1) = substr(b, i, 1) loop i := i + 1; end loop;
          if i > least(la, lb) then return true; end if;
          if la = lb then
            return substr(a, i + 1) = substr(b, i + 1)
              or (substr(a, i, 1) = substr(b, i + 1, 1) and substr(a, i + 1, 1) = substr(b, i, 1)
                  and substr(a, i + 2) = substr(b, i + 2));
          end if;
          if la > lb then return substr(a, i + 1) = substr(b, i); end if;
          return substr(a, i) = substr(b, i + 1);
        end $$`.execute(db);
      // The known words one edit away from w (4+ letters), likest first. The trigram index finds candidates:
      // its threshold is the least similarity a one-edit neighbour of a word of w's length can have (a swap
      // near the start costs four of its n + 1 trigrams; measured on random words of 3 to 12 letters), so none
      // is missed; search_one_edit then keeps the true ones.
      await sql`
        create function search_fixes(w text) returns setof text language plpgsql stable
        set pg_trgm.similarity_threshold = 0.3 as $$
        begin
          perform set_config('pg_trgm.similarity_threshold',
            greatest(0.05, (length(w) - 3)::float8 / (length(w) + 6) - 0.05)::text, true);
          return query
            select s.word from search_words s
            where s.word % w and s.word <> w and search_one_edit(s.word, w)
            group by s.word order by max(similarity(s.word, w)) desc, s.word limit 8;
        end $$`.execute(db);
      // A search's text as three queries: exact (websearch syntax: "a phrase", or, -not), fuzzy (each word of 4+
      // letters also matches its known one-edit neighbours; the last word also as a prefix: the text is
      // searched as it is typed), and any (any of fuzzy's words: where a result matched).
      await sql`
        create function search_queries(body text, out exact tsquery, out fuzzy tsquery, out anyword tsquery)
        language plpgsql stable as $$
        declare
          w text;
          fix text;
          alternatives tsquery;
          last_word text := substring(body from '([^[:space:][:punct:]]{3,})$');
        begin
          exact := websearch_to_tsquery('simple', body);
          fuzzy := exact;
          for w in select lexeme from unnest(to_tsvector('simple', body)) loop
            alternatives := plainto_tsquery('simple', w);
            if not exact @> alternatives then continue; end if;
            if w !~ '[[:digit:][:punct:][:space:]]' then
              if length(w) >= 4 then
                for fix in select search_fixes(w) loop
                  alternatives := alternatives || plainto_tsquery('simple', fix);
                end loop;
              end if;
              if lower(last_word) = w then
                alternatives := alternatives || to_tsquery('simple', quote_literal(w) || ':*');
              end if;
              fuzzy := ts_rewrite(fuzzy, plainto_tsquery('simple', w), alternatives);
            end if;
            anyword := case when anyword is null then alternatives else anyword || alternatives end;
          end loop;
          anyword := coalesce(anyword, exact);
        end $$`.execute(db);
      // The tasks there are: their notes and comments, then their words.
      await sql`
        select tasks_search_talk(array(
          select task_id from progress_logs where message <> ''
          union
          select task_id from comments))`.execute(db);
      await sql.raw(learnWords('select search_doc as doc from tasks')).execute(db);
    },
  },
  // Saved views and bulk changes with undo (issue 36): filled by the views and bulk work.
  '2026-11-29T09:30_tasks_views_bulk': {
    async up(db: Kysely<any>) {
      // A person's saved views: one per name (saving a name again replaces it).
      await db.schema
        .createTable('saved_views')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidPk))
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('query', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addUniqueConstraint('saved_views_user_name', ['user_id', 'name'])
        .execute();
      // A bulk change, kept while it may be undone: the rows as they were, and the tasks as the change left
      // them (an undo refuses when one differs now). Swept when the undo window closes.
      await db.schema
        .createTable('bulk_changes')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidPk))
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('before', 'jsonb', (c) => c.notNull())
        .addColumn('after', 'jsonb', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('undone_at', 'timestamptz')
        .execute();
      await db.schema.createIndex('bulk_changes_created').on('bulk_changes').column('created_at').execute();
      await db.schema.createIndex('bulk_changes_user').on('bulk_changes').column('user_id').execute();
    },
  },
  // The dashboard (issue 37): its figures kept as tasks change, its two lists as short index walks.
  '2026-11-30T09:00_tasks_summary_counts': {
    async up(db: Kysely<any>) {
      // Each task counts once for each person who sees it: its owner, and its recipient when someone else.
      // `recipient`: the person is the task's recipient (the invited and assigned figures count only those).
      // `status`: completed, in_progress (open, progress > 0) or not_started. A person has a dozen rows at most.
      await sql`
        create table task_summary_counts (
          person_id uuid not null,
          kind text not null,
          recipient boolean not null,
          status text not null check (status in ('completed', 'in_progress', 'not_started')),
          n bigint not null,
          primary key (person_id, kind, recipient, status)
        )`.execute(db);
      const status = `case when completed then 'completed' when progress > 0 then 'in_progress'
                           else 'not_started' end`;
      const people = (rows: string, sign: string) => `
        select owner_id, kind, recipient_id is not distinct from owner_id, ${status}, ${sign}1 from ${rows}
        union all
        select recipient_id, kind, true, ${status}, ${sign}1 from ${rows}
          where recipient_id is not null and recipient_id <> owner_id`;
      // As task_side_counts' triggers (which fire first: triggers fire in name order): statement-level, one
      // write per changed count, in key order, so two statements changing the same counts wait instead of
      // deadlocking. An update that changes no figure (a title, a progress step of a completed task) writes none.
      for (const [event, parts] of [
        ['insert', people('new_rows', '+')],
        ['delete', people('old_rows', '-')],
        ['update', `${people('new_rows', '+')} union all ${people('old_rows', '-')}`],
      ] as const)
        await statementTrigger(db, {
          table: 'tasks',
          event,
          fn: `task_summary_counts_${event}`,
          trigger: `tasks_summary_counts_${event}`,
          body: addToCounts('task_summary_counts', 'person_id, kind, recipient, status', parts),
        });
      // The tasks there are already (the triggers' lock on tasks holds writers back until this commits).
      await sql
        .raw(
          `insert into task_summary_counts (person_id, kind, recipient, status, n)
           select person_id, kind, recipient, status, sum(d) from (${people('tasks', '+')})
             as each_person (person_id, kind, recipient, status, d)
           group by person_id, kind, recipient, status`,
        )
        .execute(db);
      // Recent activity: each side's latest creations or completions, newest first (the summary's expression as
      // it is: Postgres uses an expression index only for an equal expression in the query).
      const happened =
        'case when completed and completed_at is not null then completed_at else created_at end';
      await sql
        .raw(`create index tasks_owner_recent on tasks (owner_id, (${happened}) desc, id)`)
        .execute(db);
      await sql
        .raw(
          `create index tasks_recipient_recent on tasks (recipient_id, (${happened}) desc, id)
             where recipient_id is not null`,
        )
        .execute(db);
      // Upcoming deadlines: each side's open tasks with a due date, soonest first (only those are indexed).
      await sql`create index tasks_owner_upcoming on tasks (owner_id, due_date, created_at desc, id)
                where not completed and due_date is not null`.execute(db);
      await sql`create index tasks_recipient_upcoming on tasks (recipient_id, due_date, created_at desc, id)
                where not completed and due_date is not null and recipient_id is not null`.execute(db);
    },
  },
  // Search partitioned by person (issue 37): each person's findable tasks (their own, and those sent to them)
  // with the task's words, in a table hash-partitioned on the person. One person's search, or list filtered by
  // words, reads one partition's GIN index, whose words are those of a 64th of everyone: a word's prefix or
  // its one-edit fixes no longer walk every person's matches (bench:million, deploy/README.md "Sizing"). The
  // words live there only: tasks keep their notes' and comments' (search_talk), no longer a search_doc.
  '2026-12-08T09:00_tasks_search_by_person': {
    async up(db: Kysely<any>) {
      await sql`
        create table task_search (
          person_id uuid not null,
          task_id uuid not null,
          created_us bigint not null,
          search_doc tsvector not null,
          primary key (person_id, task_id)
        ) partition by hash (person_id)`.execute(db);
      for (let remainder = 0; remainder < searchPartitions; remainder += 1)
        await sql
          .raw(
            `create table task_search_${remainder} partition of task_search
               for values with (modulus ${searchPartitions}, remainder ${remainder})`,
          )
          .execute(db);
      // A task's words: title A, description B, attachment name C (whole, and word by word), notes and
      // comments D (search_talk), as tasks' generated search_doc had them.
      await sql`
        create function task_search_doc(title text, description text, attachment_name text, talk tsvector)
        returns tsvector language sql immutable parallel safe
        return setweight(to_tsvector('simple', title), 'A')
          || setweight(to_tsvector('simple', description), 'B')
          || setweight(to_tsvector('simple',
               coalesce(attachment_name || ' ' || search_file_words(attachment_name), '')), 'C')
          || talk`.execute(db);
      // Who finds a task: its owner, and its recipient when someone else (a declined one's recipient_id is
      // null again: gone from their search).
      const doc = 'task_search_doc(title, description, attachment_name, search_talk)';
      const people = (rows: string) => `
        select owner_id, id, created_us, ${doc} from ${rows}
        union all
        select recipient_id, id, created_us, ${doc} from ${rows}
          where recipient_id is not null and recipient_id <> owner_id`;
      const insert = (rows: string) =>
        `insert into task_search (person_id, task_id, created_us, search_doc) ${people(rows)}`;
      // A task's rows gone, one person's partition at a time: a delete joined to the changed rows would open
      // all 64 partitions (0.5 ms a statement); one for `person_id = $1` opens the one it needs.
      await sql`
        create function task_search_forget(task uuid, owner uuid, recipient uuid) returns void
        language plpgsql as $$
        begin
          delete from task_search where person_id = owner and task_id = task;
          if recipient <> owner then
            delete from task_search where person_id = recipient and task_id = task;
          end if;
        end $$`.execute(db);
      const remove = (rows: string) => `perform task_search_forget(id, owner_id, recipient_id) from ${rows}`;
      // An update writes again only the tasks whose words or people changed (not a progress step or a move).
      const seen = (side: 'n' | 'o') =>
        ['title', 'description', 'attachment_name', 'search_talk', 'owner_id', 'recipient_id']
          .map((column) => `${side}.${column}`)
          .join(', ');
      const changed = (side: 'n' | 'o') => `(
        select ${side}.* from new_rows n join old_rows o on o.id = n.id
        where (${seen('n')}) is distinct from (${seen('o')}))`;
      for (const [event, body] of [
        ['insert', insert('new_rows')],
        ['delete', remove('old_rows')],
        ['update', `${remove(`${changed('o')} as gone`)}; ${insert(`${changed('n')} as changed`)}`],
      ] as const)
        await statementTrigger(db, {
          table: 'tasks',
          event,
          fn: `task_search_${event}`,
          trigger: `tasks_search_people_${event}`,
          body,
        });
      // The tasks there are (the triggers' lock on tasks holds writers back until this commits).
      await sql.raw(insert('tasks')).execute(db);
      // Words are learned where they are written now: every change of a task's words inserts its rows here.
      for (const event of ['insert', 'update'])
        await sql
          .raw(
            `drop trigger tasks_search_words_${event} on tasks; drop function tasks_search_words_${event}()`,
          )
          .execute(db);
      await statementTrigger(db, {
        table: 'task_search',
        event: 'insert',
        fn: 'task_search_learn_words',
        body: learnWords('select search_doc as doc from new_rows'),
      });
      // A rare word: its GIN entries (the person first); a word in most of the person's tasks: their newest
      // tasks walked in order, tested one by one, stopped at enough.
      await sql`create index task_search_words on task_search using gin (person_id, search_doc)`.execute(db);
      await sql`create index task_search_newest on task_search (person_id, created_us desc)`.execute(db);
      // Every person's words in one column and one index: what the partitions replace (the column's two GIN
      // indexes go with it).
      await sql`drop index tasks_search_owner_newest, tasks_search_recipient_newest`.execute(db);
      await sql`alter table tasks drop column search_doc`.execute(db);
    },
  },
  // Mails in the recipient's language, list filters in the person's zone (issue 36): each person's language
  // (signed up in or chosen since) and time zone (chosen in their preferences).
  '2026-11-30T10:00_tasks_user_language_zone': {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('users')
        .addColumn('language', 'text')
        .addColumn('timezone', 'text')
        .execute();
    },
  },
};
