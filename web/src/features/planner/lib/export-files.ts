import { tasksCsvOf } from '@stride/domain/exchange/tasks-csv';
import { saveFile, saveJson } from '../../../lib/save-file';
import { exportStride } from '../api/exchange';

/** Downloads the lossless JSON export. */
export async function downloadJsonExport(): Promise<void> {
  const document = await exportStride();
  saveJson(document, `stride-export-${document.exportedAt.slice(0, 10)}.json`);
}

/** Downloads the tasks as CSV, made from the JSON export by the same rule as the API's export.csv. */
export async function downloadCsvExport(): Promise<void> {
  const document = await exportStride();
  saveFile(tasksCsvOf(document), `stride-tasks-${document.exportedAt.slice(0, 10)}.csv`, 'text/csv');
}
