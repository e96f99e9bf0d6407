// Spec §9 chat formats: the time of a message as HH:MM, its day as 'D de {mes}', in the viewer's time zone.

const clock = new Intl.DateTimeFormat('es-ES', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const day = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long' });
const dayKey = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });

/** '09:05'. */
export const chatTime = (time: number) => clock.format(time);

/** '5 de marzo'. */
export const chatDay = (time: number) => day.format(time);

/** The local calendar day of an instant ('2026-03-05'): messages on different days get a separator between. */
export const chatDayKey = (time: number) => dayKey.format(time);
