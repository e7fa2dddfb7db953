import { Box, Container } from '@mantine/core';
import { createFileRoute, Link, Outlet } from '@tanstack/react-router';
import { BrandLogo } from '../ui/brand-mark.tsx';

// Signed-out screens: one calm column from the top, so the on-screen keyboard never hides the field being typed in.
export const Route = createFileRoute('/_auth')({
  component: AuthLayout,
});

function AuthLayout() {
  return (
    <Box
      mih="100dvh"
      style={{
        background: 'linear-gradient(180deg, var(--mantine-color-paprika-0) 0, var(--mantine-color-body) 220px)',
        paddingTop: 'env(safe-area-inset-top)',
        paddingBottom: 'env(safe-area-inset-bottom)',
      }}
    >
      <Container size={440} px="lg" pt="xl" pb={48}>
        <Box component={Link} to="/" aria-label="Mise" display="inline-block" mb="xl" style={{ textDecoration: 'none' }}>
          <BrandLogo size={40} />
        </Box>
        <main>
          <Outlet />
        </main>
      </Container>
    </Box>
  );
}
