import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

// int8 columns (upstream ids, sums) arrive as strings by default; every value we store fits a double.
pg.types.setTypeParser(pg.types.builtins.INT8, Number);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);

export type Dialect = 'sqlite' | 'postgres';

/** More writes (an audit row) that must land in the same transaction as a change, or not at all. */
export type AlsoInTransaction = (trx: Kysely<Database>) => Promise<void>;

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

/** Postgres when a URL is given, else a SQLite file in WAL mode (readers never wait for the writer). */
export function connectDb(options: {
  databaseUrl?: string;
  sqlitePath: string;
  /** Told when an idle Postgres connection dies (a restart, an admin); the pool reconnects by itself. */
  onIdleError?: (error: Error) => void;
}): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // Without a listener, an idle client's error would crash the process.
    pool.on('error', (error) => options.onIdleError?.(error));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
  }
  mkdirSync(path.dirname(options.sqlitePath), { recursive: true });
  const sqlite = new SQLite(options.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // better-sqlite3 waits for a lock synchronously, freezing every request: it waits a moment at
  // most, and the driver retries asynchronously (`RetryingSqliteDriver`).
  sqlite.pragma(`busy_timeout = ${SYNC_BUSY_WAIT_MS}`);
  const kysely = new Kysely<Database>({
    dialect: new CapshelfSqliteDialect(
      { database: withStatementCache(sqlite) },
      () => sqlite.inTransaction,
    ),
  });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}

/**
 * SQLite runs DDL inside transactions, but Kysely's adapter says it cannot, so its migrator would
 * apply migrations statement by statement: a process killed half way left tables without their
 * migration record, and every later start failed on "table already exists". Saying yes makes the
 * migrator apply a start's pending migrations and their records in one transaction.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/** The longest synchronous wait for another process's lock, and the longest wait in all. */
const SYNC_BUSY_WAIT_MS = 5;
const BUSY_GIVE_UP_MS = 10_000;

/**
 * Transactions start with BEGIN IMMEDIATE, taking the write lock at once. With several processes on
 * one file (WORKERS), a deferred transaction that read first and wrote after another process's
 * commit would fail with SQLITE_BUSY_SNAPSHOT, which the busy timeout does not wait out; an
 * immediate one waits its turn instead. In one process, Kysely runs one transaction at a time
 * anyway, so nothing changes there.
 */
class ImmediateTransactionSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  /**
   * SQLite rolls a transaction back itself on some errors (SQLITE_FULL among them); Kysely's own
   * ROLLBACK then fails, and its "no transaction is active" would replace the error that matters
   * (a full database must answer 507, not 500).
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await connection.executeQuery(CompiledQuery.raw('rollback'));
    } catch (error) {
      if (!/no transaction is active/i.test((error as Error).message)) throw error;
    }
  }
}

/**
 * While another process holds the write lock (another worker, `npm run users`, a backup), a
 * statement that needs it fails with SQLITE_BUSY after the short synchronous wait; it is tried
 * again after an asynchronous pause, so the event loop keeps serving everything else. Outside a
 * transaction the one connection is handed on during the pause (nothing of the statement took
 * effect), so reads of other requests go ahead; inside one it is kept, since the statements
 * between BEGIN and COMMIT must not interleave with others. After BUSY_GIVE_UP_MS the error stands.
 */
class RetryingSqliteDriver extends ImmediateTransactionSqliteDriver {
  constructor(
    settings: SqliteDialectConfig,
    private readonly inTransaction: () => boolean,
  ) {
    super(settings);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    return {
      executeQuery: async (query) => {
        const giveUpAt = Date.now() + BUSY_GIVE_UP_MS;
        for (let pause = 2; ; pause = Math.min(pause * 2, 100)) {
          try {
            return await connection.executeQuery(query);
          } catch (error) {
            if (!isBusy(error) || Date.now() >= giveUpAt) throw error;
          }
          if (this.inTransaction()) {
            await sleep(pause);
          } else {
            await super.releaseConnection();
            await sleep(pause);
            await super.acquireConnection();
          }
        }
      },
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

class CapshelfSqliteDialect extends SqliteDialect {
  constructor(
    private readonly settings: SqliteDialectConfig,
    private readonly inTransaction: () => boolean,
  ) {
    super(settings);
  }

  override createDriver(): SqliteDriver {
    return new RetryingSqliteDriver(this.settings, this.inTransaction);
  }

  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/**
 * Kysely prepares every query anew; preparing costs more than running a small indexed query, so
 * statements are kept by their SQL text (a few hundred distinct ones at most; bounded anyway).
 */
function withStatementCache(database: SQLite.Database, max = 500) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = database.prepare(sql);
        if (statements.size >= max) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

const UNIQUE_VIOLATION = new Set([
  'SQLITE_CONSTRAINT_UNIQUE',
  'SQLITE_CONSTRAINT_PRIMARYKEY',
  '23505',
]);

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNIQUE_VIOLATION.has(code);
}
