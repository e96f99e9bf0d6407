// Texts of the quienesSomos screen(s); each screen's file loads only with that screen's chunk.
export const esQuienesSomos = { title: 'Quiénes somos' } as const;
