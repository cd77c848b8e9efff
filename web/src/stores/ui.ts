// Small UI stores: the login dialog, toasts (4 s), the site config, and the realtime connection state.
import { proxy } from 'valtio';
import type { WebsiteConfig } from '@oj/proto';

export type LoginMode = 'login' | 'register' | 'resetPwd';

/** `username`: what the login form starts with (the name just registered), else empty. */
export const loginDialogState = proxy<{ open: boolean; mode: LoginMode; username: string }>({ open: false, mode: 'login', username: '' });

export function openLoginDialog(mode: LoginMode = 'login', username = ''): void {
  loginDialogState.mode = mode;
  loginDialogState.username = username;
  loginDialogState.open = true;
}

export function closeLoginDialog(): void {
  loginDialogState.open = false;
}

export type ToastKind = 'success' | 'error' | 'info' | 'warning';
export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

export const TOAST_MS = 4000;
export const toastState = proxy<{ items: Toast[] }>({ items: [] });
let nextToastId = 1;

export function showToast(kind: ToastKind, text: string): void {
  const id = nextToastId++;
  // The same message twice in a row (e.g. a burst of failing calls) is shown once.
  if (toastState.items.some((t) => t.text === text && t.kind === kind)) return;
  toastState.items.push({ id, kind, text });
  if (toastState.items.length > 5) toastState.items.shift();
  setTimeout(() => dismissToast(id), TOAST_MS);
}

export function dismissToast(id: number): void {
  const i = toastState.items.findIndex((t) => t.id === id);
  if (i >= 0) toastState.items.splice(i, 1);
}

export const siteState = proxy<{ config: WebsiteConfig | null }>({ config: null });

/** Written only by lib/socket.ts. */
export const connectionState = proxy<{ connected: boolean }>({ connected: false });
