import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { findMailLink } from '../apps/server/src/test/outbox';

let counter = 0;

/** A username nobody has used in this run. */
export function uniqueUsername(prefix = 'nomada'): string {
  counter++;
  return `${prefix}_${Date.now().toString(36)}${counter}`;
}

/** Local-storage state set before the app starts: cookies chosen and the home banner already seen. */
export async function asReturningVisitor(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('cookies', '1');
    localStorage.setItem('bannerHomeTime', String(Math.floor(Date.now() / 1000)));
  });
}

export async function expectToast(page: Page, kind: 'ok' | 'ko', text: string) {
  await page.locator(`.toast.${kind}`, { hasText: text }).first().waitFor();
}

export function mailLink(to: string, pathPrefix: string) {
  return findMailLink(inject('outboxDir'), to, pathPrefix);
}

/** Registers through the API and activates through the mailed link: a ready account for UI tests. */
export async function registerActivatedUser(password = 'ruta-de-la-plata') {
  const baseUrl = inject('baseUrl');
  const username = uniqueUsername();
  const email = `${username}@example.com`;
  const registered = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email, password, password_confirmation: password }),
  });
  expect(registered.status).toBe(200);
  const link = await mailLink(email, '/verificar/');
  const code = link!.split('/').pop();
  expect((await fetch(`${baseUrl}/api/verificar/${code}`, { method: 'POST' })).status).toBe(200);
  return { username, email, password };
}
