import { useRef, useState } from 'react';
import { toast } from '#client/components/ui/toast.ts';
import type { ImportResult } from '#shared/contract/stock.ts';
import { useExportCatalogMutation, useImportCatalogMutation } from './inventory-api.ts';

const buttonClass =
  'rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60';

function download(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

function summary(result: ImportResult): string {
  const counts = `${String(result.created)} new, ${String(result.updated)} changed, ${String(result.unchanged)} unchanged`;
  return result.dryRun ? `Ready to import: ${counts}.` : `Imported: ${counts}.`;
}

function messageOf(error: unknown): string {
  const data = (error as { data?: { message?: unknown } } | null)?.data;
  return typeof data?.message === 'string'
    ? data.message
    : 'The file could not be sent. Please try again.';
}

/**
 * The catalog in and out as CSV: export, then import with a check first (a dry run that lists
 * every problem by row and column); the import itself is offered once the check found none.
 */
export function CatalogCsvPanel() {
  const [exportCatalog, exporting] = useExportCatalogMutation();
  const [importCatalog, importing] = useImportCatalogMutation();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function onExport() {
    try {
      const text = await exportCatalog(undefined).unwrap();
      download(text, `catalog-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      toast.error(messageOf(error));
    }
  }

  async function send(dryRun: boolean) {
    if (!file) return;
    try {
      const answer = await importCatalog({ file, dryRun }).unwrap();
      setResult(answer);
      if (!dryRun && answer.errors.length === 0) {
        toast.success(summary(answer));
        setFile(null);
        if (input.current) input.current.value = '';
      }
    } catch (error) {
      setResult(null);
      toast.error(messageOf(error));
    }
  }

  const checked = result?.dryRun === true && result.errors.length === 0;
  return (
    <section
      aria-labelledby="catalog-csv"
      className="mb-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="catalog-csv" className="text-base font-semibold text-slate-900">
        Catalog as CSV
      </h2>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <button
          type="button"
          className={buttonClass}
          disabled={exporting.isLoading}
          onClick={() => void onExport()}
        >
          Export CSV
        </button>
        <label className="flex flex-col text-sm text-slate-700">
          CSV file to import (up to 5 MB)
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            className="mt-1 max-w-64 text-sm"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setResult(null);
            }}
          />
        </label>
        <button
          type="button"
          className={buttonClass}
          disabled={!file || importing.isLoading}
          onClick={() => void send(true)}
        >
          Check file
        </button>
        <button
          type="button"
          className="rounded-lg bg-emerald-700 px-3 py-2 text-sm font-semibold text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:bg-slate-400"
          disabled={!file || !checked || importing.isLoading}
          onClick={() => void send(false)}
        >
          Import
        </button>
      </div>
      {result ? (
        <div role="status" className="mt-3 text-sm">
          {result.errors.length === 0 ? (
            <p className="text-emerald-800">{summary(result)}</p>
          ) : (
            <>
              <p className="font-semibold text-red-700">
                {result.errors.length === 1
                  ? '1 problem: nothing was imported.'
                  : `${String(result.errors.length)} problems: nothing was imported.`}
              </p>
              <ul className="mt-1 max-h-60 list-disc overflow-y-auto pl-5 text-red-700">
                {result.errors.map((e, i) => (
                  <li key={i}>
                    Row {e.row}
                    {e.column ? `, ${e.column}` : ''}: {e.message}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}
