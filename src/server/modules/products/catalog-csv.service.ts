import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { stringify } from 'csv-stringify';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { IMPORT_MAX_BYTES, type ImportProblem, type ImportResult } from '#shared/contract/stock.ts';
import { isUniqueViolation } from '#server/db/pg-errors.ts';
import type { Deps } from '#server/deps.ts';
import { AppError, badRequest } from '#server/lib/app-error.ts';
import { CATALOG_COLUMNS, restoreFormula, toCatalogRow } from './catalog-csv.columns.ts';
import { applyImport, liveProductsInPages, planImport } from './catalog-csv.repository.ts';
import { readHeader, readRow, type ImportRow } from './catalog-csv.rows.ts';
import { setStockContext } from './stock-ledger.context.ts';

export const IMPORT_TOO_LARGE =
  'The file is larger than 5 MB. Split the catalog into smaller files and import each.';

const importTooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', IMPORT_TOO_LARGE);

/** The whole live catalog as CSV, a page of products at a time, formulas neutralised. */
export function exportCatalog(deps: Deps): Readable {
  async function* records(): AsyncGenerator<string[]> {
    yield [...CATALOG_COLUMNS];
    for await (const page of liveProductsInPages(deps.db))
      for (const record of page) yield toCatalogRow(record);
  }
  // The byte order mark tells spreadsheets the file is UTF-8; the import skips it.
  return Readable.from(records()).pipe(stringify({ bom: true, record_delimiter: 'windows' }));
}

/** Why the parser stopped, in the owner's words. */
function unreadable(error: CsvError): string {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'A quoted cell is never closed: check the quotes on this row.';
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return 'A quote inside a quoted cell must be doubled (""); check the quotes on this row.';
    case 'CSV_MAX_RECORD_SIZE':
      return 'This row is too long.';
    default:
      return `The file could not be read here (${error.code}).`;
  }
}

interface ReadFile {
  rows: ImportRow[];
  problems: ImportProblem[];
}

/** Reads the file as it streams in: header first, then each row checked as it arrives. */
async function readCatalogFile(file: MultipartFile): Promise<ReadFile> {
  const problems: ImportProblem[] = [];
  const rows: ImportRow[] = [];
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: 64 * 1024,
  });
  // An object: the flag is set in callbacks the type checker does not follow.
  const limit = { hit: false };
  file.file.on('limit', () => {
    limit.hit = true;
  });
  // The upload is read to its end whatever happens to the parse (a form left half read never
  // settles), and as the multipart parser's own toBuffer reads it, so a body cut short is an
  // error here rather than a stream that never ends.
  const feeding = (async () => {
    for await (const chunk of file.file as AsyncIterable<Buffer>) {
      if (parser.destroyed) continue;
      if (limit.hit) {
        parser.destroy(importTooLarge());
        continue;
      }
      if (!parser.write(chunk))
        await new Promise((resolve) => {
          parser.once('drain', resolve);
          parser.once('close', resolve);
        });
    }
    if (limit.hit || file.file.truncated) {
      limit.hit = true;
      parser.destroy(importTooLarge());
    } else if (!parser.destroyed) parser.end();
  })().catch((error: unknown) => {
    parser.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  let header: ReturnType<typeof readHeader> | undefined;
  let width = 0;
  let record = 0;
  // Each slug's first row, valid or not, so a second use is reported whatever else is wrong.
  const slugRows = new Map<string, number>();
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      record += 1;
      if (!header) {
        header = readHeader(cells);
        width = cells.length;
        if (!header.ok) problems.push(...header.problems);
        continue;
      }
      if (!header.ok) continue;
      const slug = restoreFormula(cells[header.at.get('slug') ?? -1] ?? '').trim();
      const first = slugRows.get(slug);
      if (slug !== '' && first !== undefined)
        problems.push({
          row: record,
          column: 'slug',
          message: `The slug "${slug}" is already on row ${String(first)}.`,
        });
      else if (slug !== '') slugRows.set(slug, record);
      const read = readRow(record, cells, header.at, width);
      if (read.ok) rows.push(read.value);
      else problems.push(...read.problems);
    }
  } catch (error) {
    await feeding;
    if (limit.hit) throw importTooLarge();
    if (!(error instanceof CsvError)) throw error;
    // The parser counts the records it finished; the broken one is the next.
    const finished = (error as CsvError & { records?: number }).records ?? record;
    problems.push({ row: Math.max(finished, record) + 1, column: '', message: unreadable(error) });
    return { rows, problems };
  }
  await feeding;
  if (limit.hit || file.file.truncated) throw importTooLarge();
  if (!header) problems.push({ row: 1, column: '', message: 'The file is empty.' });
  return { rows, problems };
}

const byRow = (a: ImportProblem, b: ImportProblem) => a.row - b.row;

/** Thrown inside the transaction to roll it back and answer the problems it found. */
class ImportRefused extends Error {
  constructor(readonly problems: ImportProblem[]) {
    super('import refused');
  }
}

/**
 * POST /products/import: reads the multipart form (the `file`, and `dryRun` as a field or in the
 * query), checks every row, and unless it is a dry run or anything is wrong, writes every row in
 * one transaction (the ledger lines reading "import"); with any problem nothing is written.
 */
export async function importCatalog(
  deps: Deps,
  request: FastifyRequest,
  options: { dryRun: boolean; actorId: string },
): Promise<ImportResult> {
  if (!request.isMultipart())
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.');
  let dryRun = options.dryRun;
  let read: ReadFile | undefined;
  let fileName = '';
  try {
    const parts = request.parts({
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || read) {
          part.file.resume();
          continue;
        }
        fileName = part.filename;
        read = await readCatalogFile(part);
      } else if (part.fieldname === 'dryRun') {
        dryRun = dryRun || part.value === 'true';
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw importTooLarge();
    throw badRequest('The form could not be read.');
  }
  if (!read) throw badRequest('Choose a CSV file to import (the form field "file").');
  const problems = read.problems;
  const result = (
    plan: { creates: unknown[]; updates: unknown[]; unchanged: number },
    errors: ImportProblem[],
  ) => ({
    dryRun,
    created: plan.creates.length,
    updated: plan.updates.length,
    unchanged: plan.unchanged,
    errors: errors.sort(byRow),
  });
  if (dryRun || problems.length > 0) {
    const plan = await planImport(deps.db, read.rows, false);
    return result(plan, [...problems, ...plan.problems]);
  }
  const rows = read.rows;
  try {
    const plan = await deps.db.transaction(async (tx) => {
      await setStockContext(tx, {
        reason: 'import',
        actorId: options.actorId,
        note: fileName.slice(0, 200) || null,
      });
      const planned = await planImport(tx, rows, true);
      if (planned.problems.length > 0) throw new ImportRefused(planned.problems);
      await applyImport(tx, planned, deps.clock.now());
      return planned;
    });
    if (plan.creates.length + plan.updates.length > 0) deps.catalogChanged();
    return result(plan, []);
  } catch (error) {
    if (error instanceof ImportRefused)
      return result({ creates: [], updates: [], unchanged: 0 }, error.problems);
    if (isUniqueViolation(error))
      return result({ creates: [], updates: [], unchanged: 0 }, [
        {
          row: 0,
          column: 'slug',
          message: 'Two bicycles would get the same address: give the new ones slugs of their own.',
        },
      ]);
    throw error;
  }
}
