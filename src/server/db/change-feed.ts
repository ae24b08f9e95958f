import pg from 'pg';
import type { Database } from './client.ts';

export const CATALOG_CHANNEL = 'catalog_changed';

/**
 * What a notification tells (migration 0029): rows were written whose suggestion fields changed,
 * each marked with its transaction (`marked`); rows were written otherwise (stock, ratings,
 * sizes); rows left the table (a hard delete or a truncate, which leave no mark); or nothing
 * certain (the feed was interrupted and may have missed any of them).
 */
export type CatalogChange = 'marked' | 'written' | 'removed' | 'unknown';

const changeOf = (payload: string | undefined): CatalogChange =>
  payload === 'marked' || payload === 'removed' ? payload : 'written';

export interface ChangeFeed {
  /** False while the feed may be missing changes (reconnecting): callers must not cache then. */
  readonly live: boolean;
  close(): Promise<void>;
}

/**
 * Calls `onChange` whenever the products table changes, from any process sharing the database:
 * statement triggers (migrations 0002 and 0007) send NOTIFY catalog_changed for every statement
 * that changed rows, which every instance LISTENs to. PostgreSQL delivers it only once the
 * transaction commits, so a write that is refused or rolled back never empties a cache, and no
 * code that writes products (orders taking or giving back stock, the expiry sweep) has to call
 * anything.
 */
export async function listenForCatalogChanges(
  database: Database,
  onChange: (change: CatalogChange) => void,
  onError: (error: unknown) => void = () => undefined,
): Promise<ChangeFeed> {
  if (database.pglite) {
    const unlisten = await database.pglite.listen(CATALOG_CHANNEL, (payload) => {
      onChange(changeOf(payload));
    });
    return { live: true, close: () => unlisten() };
  }
  const connectionString = database.connectionString;
  if (!connectionString) throw new Error('No connection string to listen on');

  let client: pg.Client | undefined;
  let closed = false;
  let live = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (msg) => {
      if (msg.channel === CATALOG_CHANNEL) onChange(changeOf(msg.payload));
    });
    next.on('error', (error) => {
      onError(error);
      reconnect();
    });
    next.on('end', () => {
      if (!closed) reconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${CATALOG_CHANNEL}`);
    client = next;
    live = true;
    // Changes made while we were not listening are unknown: treat everything as changed.
    onChange('unknown');
  };

  const reconnect = () => {
    if (closed || retry) return;
    live = false;
    onChange('unknown');
    const old = client;
    client = undefined;
    void old?.end().catch(() => undefined);
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch((error: unknown) => {
        onError(error);
        reconnect();
      });
    }, 1000);
  };

  await connect();
  return {
    get live() {
      return live;
    },
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
