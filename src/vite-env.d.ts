/// <reference types="vite/client" />

declare const __BUILD_ID__: string;

/** @mantine/notifications' <Notifications> alone (an alias in vite.config.ts). */
declare module 'mise:notifications-renderer' {
  export { Notifications } from '@mantine/notifications';
}
