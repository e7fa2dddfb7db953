import Papa from 'papaparse';
import { detectFormat, detectMapping, type CsvField } from '../../contract/customers-csv.ts';

export type CsvPreview = {
  headers: string[];
  /** up to five rows, for the owner to recognise the columns */
  samples: string[][];
  mapping: Array<CsvField | null>;
  format: ReturnType<typeof detectFormat>;
};

/** Reads only the first rows of the chosen file (papaparse preview), so a big export opens at once. */
export function previewCsv(file: File): Promise<CsvPreview> {
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(file, {
      preview: 6,
      skipEmptyLines: 'greedy',
      complete: (result) => {
        const [first, ...samples] = result.data;
        const headers = (first ?? []).map((cell, index) => (index === 0 ? cell.replace(/^\uFEFF/, '') : cell).trim());
        if (headers.length === 0 || headers.every((header) => !header)) {
          reject(new Error('The file is empty'));
          return;
        }
        resolve({ headers, samples, mapping: detectMapping(headers), format: detectFormat(headers) });
      },
      error: (error) => reject(error),
    });
  });
}

export const CONTACT_FIELDS: CsvField[] = ['given_name', 'family_name', 'full_name', 'email', 'phone'];

export const FORMAT_NAMES: Record<string, string> = {
  square: 'Square export',
  clover: 'Clover export',
  toast: 'Toast guest export',
  mailchimp: 'Mailchimp audience export',
  generic: 'Spreadsheet',
};
