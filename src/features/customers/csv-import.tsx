import { Alert, Button, FileButton, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { CSV_FIELDS, type CsvField, type CsvImportResult } from '../../contract/customers-csv.ts';
import { notifyError } from '../../ui/notify.ts';
import { useImportCsv } from './customers-mutations.ts';
import { CONTACT_FIELDS, FORMAT_NAMES, previewCsv, type CsvPreview } from './csv-preview.ts';
import { ImportResult } from './import-result.tsx';

const FIELD_OPTIONS = [{ value: '', label: 'Don’t import' }, ...Object.entries(CSV_FIELDS).map(([value, label]) => ({ value, label }))];

/** Choose a file → check how its columns map (first rows read here) → import → see what happened. */
export function CsvImport() {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [mapping, setMapping] = useState<Array<CsvField | null>>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<CsvImportResult | null>(null);
  const importCsv = useImportCsv();

  const reset = () => {
    setFile(null);
    setPreview(null);
    setResult(null);
    setProblem(null);
  };

  const handleFile = (chosen: File | null) => {
    reset();
    if (!chosen) return;
    setFile(chosen);
    previewCsv(chosen).then(
      (read) => {
        setPreview(read);
        setMapping(read.mapping);
      },
      (error: unknown) => setProblem(error instanceof Error ? error.message : 'The file could not be read'),
    );
  };

  // Each field fills one column: choosing it for a column frees it elsewhere.
  const choose = (index: number, field: CsvField | null) => setMapping((current) => current.map((value, i) => (i === index ? field : value === field ? null : value)));

  const handleImport = () => {
    if (!file || !preview) return;
    if (!mapping.some((field) => field && CONTACT_FIELDS.includes(field))) {
      setProblem('Choose which column holds the name, email or phone.');
      return;
    }
    const body = Object.fromEntries(preview.headers.map((header, index) => [header, mapping[index] ?? null]));
    importCsv.mutate({ file, format: 'auto', mapping: body }, { onSuccess: ({ data }) => setResult(data), onError: (error) => notifyError(error, 'An error occurred') });
  };

  if (result) return <ImportResult result={result} onAgain={reset} />;

  return (
    <Stack gap="md">
      <Text c="dimmed">
        Export your customers from Square, Clover, Toast or Mailchimp (or any spreadsheet saved as CSV). Importing the same file again updates those customers instead of
        adding them twice.
      </Text>
      <FileButton onChange={handleFile} accept=".csv,text/csv,text/plain">
        {(props) => (
          <Button {...props} size="lg" variant={file ? 'default' : 'filled'} leftSection={<IconFileSpreadsheet size={20} />}>
            {file ? file.name : 'Choose CSV file'}
          </Button>
        )}
      </FileButton>
      {problem && <Alert color="red">{problem}</Alert>}
      {preview && (
        <>
          <Text fw={600} data-testid="detected-format">
            Detected: {FORMAT_NAMES[preview.format]} · {preview.headers.length} columns
          </Text>
          <Text size="sm" c="dimmed">
            Check what each column holds. Change any that are wrong, or choose “Don’t import”.
          </Text>
          <Stack gap="xs">
            {preview.headers.map((header, index) => (
              <Paper key={`${header}-${index}`} withBorder radius="md" p="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                  <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                    <Text fw={600} truncate>
                      {header || `Column ${index + 1}`}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {preview.samples.map((row) => row[index]).filter(Boolean).slice(0, 2).join(' · ') || 'empty in the first rows'}
                    </Text>
                  </Stack>
                  <Select
                    w={170}
                    size="sm"
                    aria-label={`Field for ${header}`}
                    data={FIELD_OPTIONS}
                    value={mapping[index] ?? ''}
                    allowDeselect={false}
                    onChange={(value) => choose(index, (value || null) as CsvField | null)}
                  />
                </Group>
              </Paper>
            ))}
          </Stack>
          <Button size="lg" onClick={handleImport} loading={importCsv.isPending}>
            Import customers
          </Button>
        </>
      )}
    </Stack>
  );
}
