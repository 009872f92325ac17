import { nativeBuildMismatch } from '../ops/native-build';

/**
 * Runs a command-line entry point: its resolved number is the exit code; a thrown error prints its message (not
 * a stack) and exits 1. One wrapper so every `npm run …` script fails the same way; an install built for another
 * Node is said in one line with its fix.
 */
export function runCli(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(nativeBuildMismatch(err) ?? (err instanceof Error ? err.message : err));
      process.exit(1);
    },
  );
}
