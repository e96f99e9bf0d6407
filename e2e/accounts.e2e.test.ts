import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage } from './browser';
import {
  asReturningVisitor,
  expectToast,
  mailLink,
  openAs,
  registerActivatedUser,
  registerSession,
  uniqueUsername,
} from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('accounts in the browser', () => {
  it('a new visitor accepts cookies, registers, activates from the mail, logs in and out', async () => {
    const { context, page } = await openPage(browser);
    await page.getByRole('button', { name: 'Aceptar todas' }).click();
    expect(await page.evaluate(() => localStorage.getItem('cookies'))).toBe('2');

    const username = uniqueUsername('viajera');
    const email = `${username}@example.com`;
    await page.getByRole('banner').getByRole('button', { name: 'Registro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registro' });
    await dialog.getByLabel('Nombre de usuario').fill(username);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Contraseña', { exact: true }).fill('ruta-del-cares');
    await dialog.getByLabel('Repite la contraseña').fill('ruta-del-cares');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Crear cuenta' }).click();
    await expectToast(page, 'ok', 'Usuario registrado con éxito');

    const link = await mailLink(email, '/verificar/');
    expect(link).toBeDefined();
    await page.goto(new URL(link!).pathname);
    await page.getByText('Cuenta activada con éxito. Ya puedes entrar.').waitFor();

    await page.getByRole('banner').getByRole('button', { name: 'Iniciar sesión' }).click();
    const login = page.getByRole('dialog', { name: 'Iniciar sesión' });
    await login.getByLabel('Usuario o email').fill(email);
    await login.getByLabel('Contraseña', { exact: true }).fill('ruta-del-cares');
    await login.getByRole('button', { name: 'Entrar' }).click();
    await expectToast(page, 'ok', 'Sesión iniciada con éxito');

    const header = page.getByRole('banner');
    await header.getByRole('link', { name: new RegExp(username) }).waitFor();
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      user: JSON.parse(localStorage.getItem('user_data') ?? 'null'),
      finish: Number(localStorage.getItem('finish_date')),
    }));
    expect(stored.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(stored.user).toMatchObject({ u: username, token: stored.token });
    expect(stored.finish).toBeGreaterThan(Date.now() / 1000);

    await header.getByRole('button', { name: 'Cerrar sesión' }).click();
    await header.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it("a new account opens its '10 joyas' guide from the profile on a phone; a visitor is asked to register", async () => {
    const session = await registerSession();
    const { context, page, errors } = await openAs(browser, '/perfil', { session, phone: true });
    await page.getByRole('link', { name: /Tu guía: 10 joyas turísticas/ }).click();
    await page.getByRole('heading', { level: 1, name: /10 joyas turísticas/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/guia');
    // Ten gems, each with its card (and its 'Ya he estado' box) and its area's sheet or the map.
    expect(await page.getByRole('checkbox', { name: 'Ya he estado' }).count()).toBe(10);
    // Interactive: the index jumps to a gem, and a gem marked as visited is counted.
    await page
      .getByRole('navigation', { name: 'Las diez joyas' })
      .getByRole('link', { name: 'Ronda' })
      .click();
    await page.getByRole('checkbox', { name: 'Ya he estado' }).nth(8).check();
    await page.getByText('Has visitado 1 de 10').waitFor();
    // The page fits the phone: nothing wider than its 390 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();

    const visitor = await openAs(browser, '/guia', { phone: true });
    await visitor.page.getByRole('button', { name: 'Regístrate gratis' }).click();
    await visitor.page.getByRole('dialog', { name: 'Registro' }).waitFor();
    await visitor.context.close();
  });

  it('shows the server message for a wrong password', async () => {
    const user = await registerActivatedUser();
    const { context, page } = await openPage(browser, { path: '/contacto' });
    await page.getByRole('banner').getByRole('button', { name: 'Iniciar sesión' }).click();
    const login = page.getByRole('dialog', { name: 'Iniciar sesión' });
    await login.getByLabel('Usuario o email').fill(user.username);
    await login.getByLabel('Contraseña', { exact: true }).fill('esta-no-es');
    await login.getByRole('button', { name: 'Entrar' }).click();
    await expectToast(page, 'ko', 'Usuario o contraseña incorrectos');
    await context.close();
  });

  it('says every validation message of the modal', async () => {
    const { context, page } = await openPage(browser);
    await asReturningVisitor(page);
    await page.reload();
    await page.getByRole('banner').getByRole('button', { name: 'Iniciar sesión' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Entrar' }).click();
    await expectToast(page, 'ko', 'Rellena los datos antes de enviar');

    await dialog.getByRole('button', { name: 'Regístrate' }).click();
    await page.getByRole('dialog', { name: 'Registro' }).waitFor();
    await dialog.getByRole('button', { name: 'Crear cuenta' }).click();
    await expectToast(page, 'ko', 'Te faltan campos por rellenar');
    await dialog.getByLabel('Nombre de usuario').fill('ana_ruta');
    await dialog.getByLabel('Email').fill('ana@example.com');
    await dialog.getByLabel('Contraseña', { exact: true }).fill('una-clave-larga');
    await dialog.getByLabel('Repite la contraseña').fill('otra-clave-larga');
    await dialog.getByRole('button', { name: 'Crear cuenta' }).click();
    await expectToast(page, 'ko', 'Las contraseñas no coinciden');
    await dialog.getByLabel('Repite la contraseña').fill('una-clave-larga');
    await dialog.getByRole('button', { name: 'Crear cuenta' }).click();
    await expectToast(page, 'ko', 'No has aceptado los términos legales');

    await dialog.getByRole('button', { name: 'Entra' }).click();
    await dialog.getByRole('button', { name: '¿Has olvidado la contraseña?' }).click();
    await page.getByRole('dialog', { name: 'Recuperar contraseña' }).waitFor();
    await dialog.getByRole('button', { name: 'Enviar enlace' }).click();
    await expectToast(page, 'ko', 'Introduce tu email');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('tells an unactivated account to activate itself', async () => {
    const username = uniqueUsername('sin_activar');
    await fetch(`${inject('baseUrl')}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username,
        email: `${username}@example.com`,
        password: 'clave-larga-1',
        password_confirmation: 'clave-larga-1',
      }),
    });
    const { context, page } = await openPage(browser);
    await asReturningVisitor(page);
    await page.reload();
    await page.getByRole('banner').getByRole('button', { name: 'Iniciar sesión' }).click();
    const login = page.getByRole('dialog', { name: 'Iniciar sesión' });
    await login.getByLabel('Usuario o email').fill(username);
    await login.getByLabel('Contraseña', { exact: true }).fill('clave-larga-1');
    await login.getByRole('button', { name: 'Entrar' }).click();
    await page
      .getByText('Para poder disfrutar de todas las ventajas de nómadas.tv debes activar la cuenta.')
      .waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });
});
