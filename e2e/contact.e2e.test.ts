import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@nomadas/shared';
import { launchBrowser, openPage } from './browser';
import { asReturningVisitor } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the contact form', () => {
  it('says what is missing and where, then sends the message', async () => {
    const { context, page } = await openPage(browser, {
      phone: true,
      path: '/contacto?asunto=Área%20nueva',
      init: asReturningVisitor,
    });
    const subject = page.getByLabel('Asunto');
    await expect.poll(() => subject.inputValue()).toBe('Área nueva');

    const send = page.getByRole('button', { name: 'Enviar mensaje' });
    await send.click();
    for (const message of [MSG.contactNameRequired, MSG.emailInvalid, MSG.contactMessageRequired]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    // Focus goes to the first field in error, which names its message.
    const name = page.getByLabel('Nombre');
    await expect.poll(() => name.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await name.getAttribute('aria-describedby')).toBe('contacto-name-error');

    await name.fill('Marta');
    await page.getByLabel('Email').fill('marta@');
    await page.getByLabel('Mensaje').fill('En Cangas de Onís hay un área nueva junto al río.');
    await send.click();
    // Only the e-mail is still wrong, and it now holds the focus.
    const email = page.getByLabel('Email');
    await expect.poll(() => email.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.getByText(MSG.emailInvalid, { exact: true }).waitFor();
    expect(await page.getByText(MSG.contactNameRequired).count()).toBe(0);
    expect(await page.getByText(MSG.contactMessageRequired).count()).toBe(0);

    await email.fill('marta@example.com');
    await send.click();
    await page.getByRole('heading', { name: '¡Gracias por escribirnos!' }).waitFor();
    await page.getByText(MSG.contactSent).waitFor();
    await context.close();
  });
});
