/* Helpers for the members' tests: tracker, profiles, notifications, watching (imported by *.test.ts only). */
import type { Notification } from '@certitude/shared';
import type { TestApp } from '../app.js';
import type { Member } from './catalogue.js';
import { injectWith, type Method } from './inject.js';

/** A call as `who` (a visitor when undefined). */
export function call(t: TestApp, who: Member | undefined, method: Method, url: string, payload?: unknown) {
  return injectWith(t, who?.headers ?? {}, method, url, payload);
}

/** Every notification of the member, newest first. */
export async function notificationsOf(t: TestApp, who: Member): Promise<Notification[]> {
  const res = await call(t, who, 'GET', '/api/notifications?limit=50');
  if (res.statusCode !== 200) throw new Error(`notifications: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function unreadCount(t: TestApp, who: Member): Promise<number> {
  return (await call(t, who, 'GET', '/api/notifications/unread-count')).json().count;
}

export async function watch(t: TestApp, who: Member, certification: number | string) {
  const res = await call(t, who, 'PUT', `/api/certification/${certification}/watch`);
  if (res.statusCode !== 204) throw new Error(`watch: ${res.statusCode} ${res.body}`);
}
