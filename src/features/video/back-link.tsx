import { Button } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { Link, type LinkProps } from '@tanstack/react-router';

export function BackLink({ to, params, label }: { to: LinkProps['to']; params?: LinkProps['params']; label: string }) {
  return (
    <Button renderRoot={(props) => <Link {...props} to={to} params={params} />} variant="subtle" color="gray" leftSection={<IconChevronLeft size={18} />} ml={-12} mb={4}>
      {label}
    </Button>
  );
}
