/**
 * Something the database layer survived but an operator should hear of (a PostgreSQL connection that closed, a
 * LISTEN connection lost and retried). Said as a process warning: the layer imports nothing above it, and the server
 * logs every process warning as a JSON line (api/ops/log.ts, logProcessWarnings); a script without that handler gets
 * Node's own line on stderr.
 */
export function databaseWarning(message: string): void {
  process.emitWarning(message, 'DatabaseWarning');
}
