import { Anchor } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { CsvImport } from '../../../features/customers/csv-import.tsx';
import { PageColumn, PageHeader } from '../../../ui/page-header.tsx';

export const Route = createFileRoute('/_app/customers/import')({
  component: ImportPage,
});

function ImportPage() {
  return (
    <PageColumn>
      <Anchor component={Link} to="/customers" size="sm" mb="sm" mih={44} style={{ display: 'inline-flex', alignItems: 'center' }}>
        ← All customers
      </Anchor>
      <PageHeader title="Import customers" />
      <CsvImport />
    </PageColumn>
  );
}
