import { notifications } from '@mantine/notifications';
import { createElement } from 'react';
import { PLAN_LIMIT_CODE } from '../contract/subscriptions.ts';
import { ApiError } from '../lib/api.ts';

type NotifyErrorOptions = {
  /** Put before the message, e.g. 'Error sending OTP:' (spec §8). */
  prefix?: string;
};

/** The one way errors reach the user: the server's text when it sent one, else the spec's fallback. */
export function notifyError(error: unknown, fallback = 'Oops! Something went wrong', options: NotifyErrorOptions = {}) {
  const text = error instanceof ApiError && (error.fromServer || error.code === 'network') ? error.message : fallback;
  const message = options.prefix ? `${options.prefix} ${text}` : text;
  // A plan limit comes with the way out: a link to the plans screen.
  const planLimit = error instanceof ApiError && error.code === PLAN_LIMIT_CODE;
  const body = planLimit ? createElement('span', null, message, ' ', createElement('a', { href: '/subscriptions' }, 'See plans')) : message;
  notifications.show({ color: 'red', title: 'Error', message: body, autoClose: planLimit ? 10000 : 6000 });
}

export function notifySuccess(message: string) {
  notifications.show({ color: 'teal', message, autoClose: 4000 });
}

/** Neither good nor bad news, e.g. why the app moved the user to another screen. */
export function notifyInfo(message: string) {
  notifications.show({ color: 'blue', message, autoClose: 6000 });
}
