import { notifications } from '@mantine/notifications';
import { ApiError } from '../lib/api.ts';

/** The one way errors reach the user: the server's text when it sent one, else the spec's fallback. */
export function notifyError(error: unknown, fallback = 'Oops! Something went wrong') {
  const message = error instanceof ApiError && (error.fromServer || error.code === 'network') ? error.message : fallback;
  notifications.show({ color: 'red', title: 'Error', message, autoClose: 6000 });
}

export function notifySuccess(message: string) {
  notifications.show({ color: 'teal', message, autoClose: 4000 });
}
