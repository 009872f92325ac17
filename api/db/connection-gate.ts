import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who may use one SQLite connection right now. A transaction spans awaits, and while it waits other requests'
 * code runs on the same event loop: a statement of theirs on this connection would join the open transaction
 * (committed or rolled back with it, and reading its uncommitted rows). So while a transaction is open, only
 * code running inside it (its AsyncLocalStorage context) reaches the connection; every other statement and every
 * other transaction waits in one FIFO queue and runs, in order, as soon as the transaction ends.
 *
 * A statement runs synchronously at the moment it is admitted (better-sqlite3 is synchronous), so nothing can
 * slip in between the check and the statement.
 */
export class ConnectionGate {
  /** The open transaction's token; null when none is open. */
  private owner: object | null = null;
  private readonly queue: ({ kind: 'statement'; run: () => void } | { kind: 'transaction'; grant: () => void })[] = [];
  private static readonly context = new AsyncLocalStorage<object>();

  /** Whether a transaction holds the connection, and how many statements and transactions wait for it (metrics). */
  load(): { busy: boolean; waiting: number } {
    return { busy: this.owner !== null, waiting: this.queue.length };
  }

  /** True when the caller runs inside this connection's open transaction. */
  inOpenTransaction(): boolean {
    return this.owner !== null && ConnectionGate.context.getStore() === this.owner;
  }

  /** Runs `statement` now if no transaction is open or the caller is inside it; otherwise once it ends. */
  run<T>(statement: () => T): Promise<T> {
    if (this.owner === null || this.inOpenTransaction()) {
      try {
        return Promise.resolve(statement());
      } catch (err) {
        return Promise.reject(err as Error);
      }
    }
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        kind: 'statement',
        run: () => {
          try {
            resolve(statement());
          } catch (err) {
            reject(err as Error);
          }
        },
      });
    });
  }

  /**
   * Runs `body` as the connection's only user: `begin` right after the connection is granted, then the body in a
   * context whose statements pass the gate, then `end` (commit or rollback). Waiting statements and transactions
   * run in arrival order once it has ended.
   */
  async exclusive<T>(begin: () => void, body: () => Promise<T>, end: (failed: boolean) => void): Promise<T> {
    const token = {};
    await this.acquire(token);
    try {
      begin();
    } catch (err) {
      this.release();
      throw err;
    }
    let result: T;
    try {
      result = await ConnectionGate.context.run(token, body);
    } catch (err) {
      try {
        end(true);
      } finally {
        this.release();
      }
      throw err;
    }
    try {
      end(false);
    } finally {
      this.release();
    }
    return result;
  }

  private acquire(token: object): Promise<void> {
    if (this.owner === null) {
      this.owner = token;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.queue.push({
        kind: 'transaction',
        grant: () => {
          this.owner = token;
          resolve();
        },
      });
    });
  }

  private release(): void {
    this.owner = null;
    while (this.queue.length > 0) {
      const next = this.queue.shift()!;
      if (next.kind === 'statement') next.run();
      else {
        next.grant();
        return;
      }
    }
  }
}
