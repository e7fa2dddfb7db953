// The bare baseline of `npm run bench:first-load`: Vite + React + Mantine + TanStack Router/Query and a sign-in form, nothing else.
import '@mantine/core/styles.css';
import { Button, Container, MantineProvider, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function SignIn() {
  return (
    <Container size={420} py="xl">
      <form onSubmit={(event) => event.preventDefault()}>
        <Stack>
          <Title order={1}>Sign in</Title>
          <TextInput label="Email" type="email" required />
          <PasswordInput label="Password" required />
          <Button type="submit" fullWidth>
            Sign in
          </Button>
        </Stack>
      </form>
    </Container>
  );
}

const rootRoute = createRootRoute({ component: Outlet });
const routeTree = rootRoute.addChildren([createRoute({ getParentRoute: () => rootRoute, path: '/', component: SignIn })]);
const router = createRouter({ routeTree });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
