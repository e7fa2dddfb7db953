import type { ManifestOptions } from 'vite-plugin-pwa';
import { SHARE_TARGET_FILES_FIELD, SHARE_TARGET_PATH } from '../src/lib/offline/share-target-path.ts';

const shortcutIcons = (name: string) => [
  { src: `/icons/shortcuts/${name}-96.png`, sizes: '96x96', type: 'image/png' },
  { src: `/icons/shortcuts/${name}-192.png`, sizes: '192x192', type: 'image/png' },
];

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
  // Share to Mise from the gallery (Android, desktop Chromium): the service worker receives the POST (sw/share-target.ts).
  share_target: {
    action: SHARE_TARGET_PATH,
    method: 'POST',
    enctype: 'multipart/form-data',
    params: { title: 'title', text: 'text', url: 'url', files: [{ name: SHARE_TARGET_FILES_FIELD, accept: ['image/*', 'video/*'] }] },
  },
  // Long-press on the home-screen icon (icons drawn by scripts/make-shortcut-icons.mjs).
  shortcuts: [
    { name: 'Upload photos', short_name: 'Upload', description: 'Add photos and videos to your media library', url: '/media?upload=1', icons: shortcutIcons('upload') },
    { name: 'New email', short_name: 'Email', description: 'Write an email campaign', url: '/campaigns/email-campaigns/drafts', icons: shortcutIcons('email') },
    { name: 'New text', short_name: 'Text', description: 'Write a text campaign', url: '/campaigns/text-campaigns', icons: shortcutIcons('text') },
    { name: 'Ask', short_name: 'Ask', description: 'Ask about your numbers', url: '/ask-mise', icons: shortcutIcons('ask') },
  ],
  screenshots: [
    { src: '/screenshots/narrow-home.png', sizes: '1080x1920', type: 'image/png', form_factor: 'narrow', label: 'Mise on a phone: your day at a glance' },
    { src: '/screenshots/wide-home.png', sizes: '1920x1080', type: 'image/png', form_factor: 'wide', label: 'Mise on a computer' },
  ],
};
