import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { CsvImportResult } from '../../contract/customers-csv.ts';

function Count({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Paper withBorder radius="md" p="sm" ta="center">
      <Text fw={700} fz={24} c={color}>
        {value.toLocaleString('en-US')}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Paper>
  );
}

/** What the import did: new, updated and skipped rows, and why each skipped row was skipped. */
export function ImportResult({ result, onAgain }: { result: CsvImportResult; onAgain: () => void }) {
  return (
    <Stack gap="md" data-testid="import-result">
      <Alert color={result.skipped || result.not_read ? 'yellow' : 'teal'} title="Import finished">
        {result.total_rows.toLocaleString('en-US')} rows read.
        {result.skipped ? ' Rows with problems were skipped; the rest are in your customers.' : ' Every row read is in your customers.'}
        {result.not_read && ` Rows from ${result.not_read.from_row.toLocaleString('en-US')} on were not read: ${result.not_read.reason}`}
      </Alert>
      <SimpleGrid cols={3} spacing="sm">
        <Count label="Imported" value={result.imported} color="teal" />
        <Count label="Updated" value={result.updated} />
        <Count label="Skipped" value={result.skipped} color={result.skipped ? 'orange' : undefined} />
      </SimpleGrid>
      {result.errors.length > 0 && (
        <Paper withBorder radius="md" p="sm">
          <Text fw={600} mb="xs">
            Skipped rows
          </Text>
          <Table striped verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th>Field</Table.Th>
                <Table.Th>Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.errors.map((error, index) => (
                <Table.Tr key={`${error.row ?? 'file'}-${index}`}>
                  <Table.Td>{error.row ?? '—'}</Table.Td>
                  <Table.Td>{error.field ?? '—'}</Table.Td>
                  <Table.Td>{error.detail}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {result.skipped > result.errors.length && (
            <Text size="sm" c="dimmed" mt="xs">
              Showing the first {result.errors.length} of {result.skipped} skipped rows.
            </Text>
          )}
        </Paper>
      )}
      <Group grow>
        <Button variant="default" size="md" onClick={onAgain}>
          Another file
        </Button>
        <Button component={Link} to="/customers" size="md">
          See customers
        </Button>
      </Group>
    </Stack>
  );
}
