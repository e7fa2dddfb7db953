import { createTheme, type MantineColorsTuple } from '@mantine/core';

// A warm paprika orange: reads as food, and stays legible on white in sunlight.
const paprika: MantineColorsTuple = ['#fff3ea', '#ffe4d3', '#fdc7a6', '#fba775', '#f98c4b', '#f87a30', '#e8590c', '#d14c04', '#ba4200', '#a23600'];

export const theme = createTheme({
  primaryColor: 'paprika',
  primaryShade: 6,
  colors: { paprika },
  defaultRadius: 'md',
  fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  headings: { fontWeight: '700' },
  components: {
    // Touch first: 44 px targets by default.
    Button: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
  },
});
