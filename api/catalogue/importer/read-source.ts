import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';

/**
 * Reads an import file into raw rows, each with the line it starts on (CSV) or its position (JSON), so the
 * report can point at the exact place. CSV: a header row names the columns (any order, extra columns ignored).
 * JSON: an array of objects with the same keys.
 */
export type SourceRow = { line: number; fields: Record<string, string>; fieldCountError?: string };
export type SourceFile = { rows: SourceRow[]; columns: string[]; lineLabel: 'line' | 'item' };

export class ImportFileError extends Error {}

export function readImportSource(file: string): SourceFile {
  const ext = path.extname(file).toLowerCase();
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new ImportFileError(`Cannot read ${file}: ${(err as Error).message}`);
  }
  if (ext === '.json') return readJson(text);
  if (ext === '.csv') return readCsv(text);
  throw new ImportFileError(`Unsupported file type "${ext || '(none)'}": use .csv or .json`);
}

function readCsv(text: string): SourceFile {
  let records: { record: string[]; info: { lines: number }; raw: string }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      raw: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as unknown as typeof records;
  } catch (err) {
    throw new ImportFileError(`The CSV cannot be parsed: ${(err as Error).message}`);
  }
  if (records.length === 0) throw new ImportFileError('The file is empty');
  const columns = records[0].record.map((c) => c.trim().toLowerCase());
  const rows = records.slice(1).map(({ record, info, raw }) => {
    // info.lines is the line a record ends on; count the record's own line breaks to find where it starts.
    const body = raw.replace(/^[\r\n]+/, '').replace(/\r?\n$/, '');
    const line = info.lines - (body.match(/\n/g)?.length ?? 0);
    const fields: Record<string, string> = {};
    columns.forEach((name, i) => {
      if (name) fields[name] = record[i] ?? '';
    });
    const fieldCountError =
      record.length !== columns.length ? `has ${record.length} fields, the header has ${columns.length}` : undefined;
    return { line, fields, fieldCountError };
  });
  return { rows, columns, lineLabel: 'line' };
}

function readJson(text: string): SourceFile {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new ImportFileError(`The JSON cannot be parsed: ${(err as Error).message}`);
  }
  if (!Array.isArray(data)) throw new ImportFileError('The JSON must be an array of records');
  const columns = new Set<string>();
  const rows = data.map((item, index) => {
    const fields: Record<string, string> = {};
    if (item && typeof item === 'object' && !Array.isArray(item)) {
      for (const [key, value] of Object.entries(item)) {
        const name = key.trim().toLowerCase();
        columns.add(name);
        fields[name] = value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);
      }
    }
    const fieldCountError = item && typeof item === 'object' && !Array.isArray(item) ? undefined : 'is not an object';
    return { line: index + 1, fields, fieldCountError };
  });
  return { rows, columns: [...columns], lineLabel: 'item' };
}
