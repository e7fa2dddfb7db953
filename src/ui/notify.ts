import { notifications, type NotificationData } from '@mantine/notifications';
import { createElement } from 'react';
import { PLAN_LIMIT_CODE } from '../contract/plan-limit.ts';
import { ApiError } from '../lib/api.ts';

type ToastOptions = {
  /** A toast with the same id replaces the one still showing (progress that becomes its outcome). */
  id?: string;
};

type NotifyErrorOptions = ToastOptions & {
  /** Put before the message, e.g. 'Error sending OTP:' (spec §8). */
  prefix?: string;
};

/** Toasts showing now, by id, with when they appeared: a successor replaces one, and navigation clears old ones. */
const showing = new Map<string, number>();
let counter = 0;

function present(data: NotificationData) {
  const id = data.id ?? `toast-${++counter}`;
  const toast = { ...data, id, onClose: () => showing.delete(id) };
  if (showing.has(id)) notifications.update(toast);
  else notifications.show(toast);
  showing.set(id, Date.now());
}

/**
 * Called when the owner has moved to another screen: a toast about the screen they left goes with it. One raised
 * shortly before the move began (a save that then moved them on) stays to be read, however long the new screen took
 * to load, and so does one raised since.
 */
export function clearStaleToasts(navigationStartedAt = Date.now(), graceMs = 1500) {
  for (const [id, at] of showing) {
    if (at < navigationStartedAt - graceMs) {
      notifications.hide(id);
      showing.delete(id);
    }
  }
}

/** The one way errors reach the user: the server's text when it sent one, else the spec's fallback. */
export function notifyError(error: unknown, fallback = 'Oops! Something went wrong', options: NotifyErrorOptions = {}) {
  const text = error instanceof ApiError && (error.fromServer || error.code === 'network') ? error.message : fallback;
  const message = options.prefix ? `${options.prefix} ${text}` : text;
  // A plan limit comes with the way out: a link to the plans screen.
  const planLimit = error instanceof ApiError && error.code === PLAN_LIMIT_CODE;
  const body = planLimit ? createElement('span', null, message, ' ', createElement('a', { href: '/subscriptions' }, 'See plans')) : message;
  present({ id: options.id, color: 'red', title: 'Error', message: body, autoClose: planLimit ? 10000 : 6000, loading: false });
}

export function notifySuccess(message: string, options: ToastOptions = {}) {
  present({ id: options.id, color: 'teal', message, autoClose: 4000, loading: false });
}

/** Neither good nor bad news, e.g. why the app moved the user to another screen. */
export function notifyInfo(message: string, options: ToastOptions = {}) {
  present({ id: options.id, color: 'blue', message, autoClose: 6000, loading: false });
}

/** Work under way (an upload): stays until its outcome replaces it under the same id. */
export function notifyProgress(message: string, options: Required<ToastOptions>) {
  present({ id: options.id, color: 'blue', message, loading: true, autoClose: false, withCloseButton: false });
}

export function hideToast(id: string) {
  notifications.hide(id);
  showing.delete(id);
}
