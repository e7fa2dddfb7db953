import type { ManifestOptions } from 'vite-plugin-pwa';

/** The web app manifest (vite-plugin-pwa writes it as manifest.webmanifest and links it in index.html). */
export const pwaManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Mise',
  short_name: 'Mise',
  description: 'The marketing assistant in your pocket for your restaurant or café: customers, campaigns and content, even offline.',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: '#e8590c',
  background_color: '#fff8f3',
  lang: 'en',
  categories: ['business', 'food', 'productivity'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  screenshots: [
    { src: '/screenshots/narrow-home.png', sizes: '1080x1920', type: 'image/png', form_factor: 'narrow', label: 'Mise on a phone: your day at a glance' },
    { src: '/screenshots/wide-home.png', sizes: '1920x1080', type: 'image/png', form_factor: 'wide', label: 'Mise on a computer' },
  ],
};
