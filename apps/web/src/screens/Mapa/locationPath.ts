/** A place's sheet. */
export const locationPath = (urlpoint: string) => `/mapa/location/${encodeURIComponent(urlpoint)}`;
