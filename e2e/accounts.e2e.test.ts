import type { Browser, Locator } from 'playwright-core';
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

    // The account's first login opens its first steps (#33), not the activation page that said to log in.
    await page.getByRole('heading', { level: 1, name: `¡Bienvenido a bordo, ${username}!` }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/primeros-pasos');
    expect(await page.getByRole('link', { name: 'Ver la guía' }).getAttribute('href')).toBe('/guia');
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

  it("Primeros pasos' 'Añadir vehículo' opens the settings with 'Mi vehículo' in sight on a phone", async () => {
    const session = await registerSession();
    const { context, page, errors } = await openAs(browser, '/primeros-pasos', { session, phone: true });
    await page.getByRole('link', { name: 'Añadir vehículo' }).click();
    const heading = page.getByRole('heading', { level: 2, name: 'Mi vehículo' });
    await heading.waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/perfil#vehiculo');
    // Below the photo, the description and the account's sections: the link brings it up to the screen.
    await expect
      .poll(async () => {
        const box = await heading.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= 844;
      })
      .toBe(true);
    expect(errors).toEqual([]);
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

/** The texts a control is described by (aria-describedby), in order. */
const descriptionOf = (control: Locator) =>
  control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );

describe('the first steps on a phone (#33)', () => {
  it('checks the registration in the browser: each field says what is wrong, and editing it takes its toast away', async () => {
    const { context, page } = await openPage(browser, {
      path: '/contacto',
      phone: true,
      init: asReturningVisitor,
    });
    let registrations = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/register') registrations++;
    });
    await page.getByRole('button', { name: 'Abrir el menú' }).click();
    await page.getByRole('button', { name: /^Regist/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Registro' });
    const username = dialog.getByLabel('Nombre de usuario');
    const password = dialog.getByLabel('Contraseña', { exact: true });
    const legal = dialog.getByRole('checkbox');
    await username.fill('Ana Ruta');
    await dialog.getByLabel('Email').fill('ana@example.com');
    await password.fill('corta');
    await dialog.getByLabel('Repite la contraseña').fill('corta');
    await dialog.getByRole('button', { name: 'Crear cuenta' }).click();

    // The toast names the terms (spec §5's order), and every field says its own problem at once.
    const toast = page.locator('.toast.ko', { hasText: 'No has aceptado los t' });
    await toast.waitFor();
    expect(await username.getAttribute('aria-invalid')).toBe('true');
    expect(await descriptionOf(username)).toContain('El nombre de usuario debe tener de 3 a 30 caracteres');
    expect(await descriptionOf(password)).toContain('La contraseña debe tener al menos 8 caracteres');
    expect(await descriptionOf(legal)).toContain('No has aceptado los t');
    expect(registrations).toBe(0);

    // Ticking the box takes its toast away at once (a toast lasts 4 s by itself) and its message with it.
    await legal.check();
    await toast.waitFor({ state: 'detached', timeout: 1000 });
    expect(await legal.getAttribute('aria-describedby')).toBeNull();
    await username.fill('ana_ruta');
    expect(await username.getAttribute('aria-invalid')).toBeNull();
    expect(await descriptionOf(username)).not.toContain('debe tener');
    expect(await descriptionOf(password)).toContain('al menos 8 caracteres');
    expect(registrations).toBe(0);
    await context.close();
  });

  it("the floating chat button leaves the settings' 'Guardar cambios' uncovered", async () => {
    const session = await registerSession();
    const { context, page } = await openAs(browser, '/perfil', { session, phone: true });
    const save = page.getByRole('button', { name: 'Guardar cambios' }).first();
    const chat = page.locator('#chat-trigger');
    await chat.waitFor();
    // At the bottom edge of the screen, where the floating button sits.
    await save.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    const [a, b] = [await save.boundingBox(), await chat.boundingBox()];
    expect(a && b).toBeTruthy();
    const overlaps =
      a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
    expect(overlaps).toBe(false);
    await context.close();
  });
});
