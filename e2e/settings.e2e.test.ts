import fs from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readOutbox } from '../apps/server/src/test/outbox';
import { readZip } from '../apps/server/src/test/zip';
import { launchBrowser, openPage } from './browser';
import { asLoggedIn, createPostByApi, expectToast, mailLink, registerSession, testPhoto } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const PASSWORD = 'ruta-de-la-plata';

/** /perfil (tab Configuración) as a new, logged-in user. */
async function openSettings(options: { phone?: boolean } = {}) {
  const session = await registerSession();
  const opened = await openPage(browser, {
    ...options,
    path: '/perfil',
    init: (page) => asLoggedIn(page, session),
  });
  await opened.page.getByRole('heading', { name: 'Email' }).waitFor();
  return { session, ...opened };
}

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

describe('settings (/perfil, Configuración)', () => {
  it('saves the description and a new avatar, previewed first; the header shows them', async () => {
    const { page, context, session } = await openSettings({ phone: true });
    const profile = section(page, 'Tu perfil');
    await profile.getByLabel('Descripción').fill('Siempre rumbo al norte en mi camper 🚐');
    await profile.getByText('37 / 300', { exact: true }).waitFor();

    await profile.getByLabel('Cambiar foto').setInputFiles({
      name: 'yo.jpg',
      mimeType: 'image/jpeg',
      buffer: await testPhoto(600, 400),
    });
    // The preview, before anything is sent.
    const preview = profile.getByRole('img', { name: 'Tu foto de perfil' });
    await expect.poll(() => preview.getAttribute('src')).toMatch(/^blob:/);

    await profile.getByRole('button', { name: 'Guardar cambios' }).click();
    await expectToast(page, 'ok', 'Perfil actualizado');
    await expect.poll(() => preview.getAttribute('src')).toMatch(/^\/media\/avatars\/.+\.webp$/);
    const avatarUrl = await preview.getAttribute('src');

    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user_data') ?? 'null'));
    expect(stored).toMatchObject({
      u: session.username,
      i: avatarUrl,
      d: 'Siempre rumbo al norte en mi camper 🚐',
    });
    const headerAvatar = page.getByRole('banner').locator(`img[src="${avatarUrl}"]`);
    await headerAvatar.first().waitFor();

    // The wall's profile card reads the same session (desktop layout shows it beside the wall).
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/muro');
    await page.getByText('Siempre rumbo al norte en mi camper 🚐').first().waitFor();
    await context.close();
  });

  it('refuses a description over the limit and a file that is not an image', async () => {
    const { page, context } = await openSettings();
    const profile = section(page, 'Tu perfil');
    await profile.getByLabel('Descripción').fill('a'.repeat(301));
    await profile.getByText('La descripción no puede ocupar más de 300 caracteres').waitFor();
    await profile.getByRole('button', { name: 'Guardar cambios' }).click();
    await expectToast(page, 'ko', 'La descripción no puede ocupar más de 300 caracteres');

    await profile.getByLabel('Cambiar portada').setInputFiles({
      name: 'notas.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7'),
    });
    await expectToast(page, 'ko', 'El archivo no es una imagen válida');
    await context.close();
  });

  it('changes the password, ends the other sessions, and the new one logs in', async () => {
    const { page, context, session } = await openSettings();
    const loginByApi = (pass: string) =>
      fetch(`${inject('baseUrl')}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: session.username, password: pass }),
      }).then((answer) => answer.json() as Promise<{ token?: string; msg: string }>);
    const otherDevice = (await loginByApi(PASSWORD)).token!;
    const perfilWith = (token: string) =>
      fetch(`${inject('baseUrl')}/api/perfil`, { headers: { 'API-TOKEN': token } }).then(
        (answer) => answer.status,
      );
    const password = section(page, 'Contraseña');
    await password.getByLabel('Contraseña actual').fill('no-es-la-mia');
    await password.getByLabel('Contraseña nueva', { exact: true }).fill('camino-del-norte');
    await password.getByLabel('Repite la contraseña nueva').fill('camino-del-norte');
    await password.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expectToast(page, 'ko', 'La contraseña actual no es correcta');

    // The toggle shows what was typed, as in the login modal.
    const current = password.getByLabel('Contraseña actual');
    await password.getByRole('button', { name: 'Mostrar contraseña' }).first().click();
    expect(await current.getAttribute('type')).toBe('text');
    await current.fill(PASSWORD);
    await password.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expectToast(page, 'ok', 'Contraseña cambiada');

    // This session goes on; the other device's is over.
    expect(await perfilWith(session.token)).toBe(200);
    expect(await perfilWith(otherDevice)).toBe(401);
    expect((await loginByApi(PASSWORD)).msg).toBe('Usuario o contraseña incorrectos');

    await section(page, 'Sesión').getByRole('button', { name: 'Cerrar sesión' }).click();
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Iniciar sesión' }).click();
    const login = page.getByRole('dialog', { name: 'Iniciar sesión' });
    await login.getByLabel('Usuario o email').fill(session.username);
    await login.getByLabel('Contraseña', { exact: true }).fill('camino-del-norte');
    await login.getByRole('button', { name: 'Entrar' }).click();
    await expectToast(page, 'ok', 'Sesión iniciada con éxito');
    await context.close();
  });

  it('changes the e-mail only through the link mailed to the new address; the old one is told', async () => {
    const { page, context, session } = await openSettings();
    const oldEmail = `${session.username}@example.com`;
    const newEmail = `nuevo.${session.username}@example.org`;
    const email = section(page, 'Email');
    await email.getByLabel('Email nuevo').fill(newEmail);
    await email.getByLabel('Tu contraseña').fill(PASSWORD);
    await email.getByRole('button', { name: 'Cambiar email' }).click();
    await expectToast(page, 'ok', 'Te hemos enviado un enlace al email nuevo');
    await email.getByRole('status').getByText(newEmail).waitFor();
    await email.getByText(oldEmail, { exact: true }).waitFor();

    const link = await mailLink(newEmail, '/perfil/email/');
    await page.goto(new URL(link!).pathname);
    await page.getByRole('heading', { name: 'Email confirmado' }).waitFor();
    await page.getByRole('link', { name: 'Ir a la configuración' }).click();
    await section(page, 'Email').getByText(newEmail, { exact: true }).waitFor();
    await expect(section(page, 'Email').getByRole('status').count()).resolves.toBe(0);

    await expect
      .poll(async () =>
        (await readOutbox(inject('outboxDir'))).some(
          (mail) => mail.to.includes(oldEmail) && mail.text.includes('ha cambiado a'),
        ),
      )
      .toBe(true);
    await context.close();
  });

  it('downloads the data as a zip after the password', async () => {
    const { page, context, session } = await openSettings();
    await createPostByApi(session, 'Mi primera noche en Sanabria');
    await section(page, 'Tus datos').getByRole('button', { name: 'Descargar mis datos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Descargar mis datos' });
    await dialog.getByLabel('Tu contraseña').fill(PASSWORD);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Descargar', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^nomadas-${session.username}-\\d{4}-\\d{2}-\\d{2}\\.zip$`),
    );
    const files = readZip(await fs.readFile((await download.path())!));
    expect(files.has('perfil.json')).toBe(true);
    expect(JSON.parse(files.get('posts.json')!.toString('utf8'))[0].texto).toBe(
      'Mi primera noche en Sanabria',
    );
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('deletes the account after the password and lands logged out', async () => {
    const { page, context, session } = await openSettings({ phone: true });
    await section(page, 'Eliminar cuenta').getByRole('button', { name: 'Eliminar cuenta' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Eliminar tu cuenta?' });
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });

    await section(page, 'Eliminar cuenta').getByRole('button', { name: 'Eliminar cuenta' }).click();
    await dialog.getByLabel('Tu contraseña').fill('no-es-la-mia');
    await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
    await expectToast(page, 'ko', 'La contraseña no es correcta');
    await dialog.getByLabel('Tu contraseña').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
    await expectToast(page, 'ok', 'Tu cuenta se ha eliminado');

    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const login = await fetch(`${inject('baseUrl')}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: session.username, password: PASSWORD }),
    });
    expect((await login.json()).msg).toBe('Usuario o contraseña incorrectos');
    await context.close();
  });
});
