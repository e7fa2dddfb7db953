import { Anchor } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { CustomerForm } from '../../../features/customers/customer-form.tsx';
import { PageColumn, PageHeader } from '../../../ui/page-header.tsx';

export const Route = createFileRoute('/_app/customers/new')({
  component: NewCustomerPage,
});

function NewCustomerPage() {
  const navigate = Route.useNavigate();
  return (
    <PageColumn>
      <Anchor component={Link} to="/customers" size="sm" mb="sm" mih={44} style={{ display: 'inline-flex', alignItems: 'center' }}>
        ← All customers
      </Anchor>
      <PageHeader title="Add customer">A name, an email or a phone number is enough.</PageHeader>
      <CustomerForm onDone={(id) => void navigate({ to: '/customers/$customerId', params: { customerId: id }, replace: true })} />
    </PageColumn>
  );
}
