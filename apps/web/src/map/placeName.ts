/**
 * A place's name as its title and its town, when the name ends in one the way most do ("Parking de
 * autocaravanas de Almazán", "Gasolinera con GLP en Villarejo de Salvanés"): the map's list then shows the town
 * on a line of its own instead of cutting it off. The town is the rest after the first "de"/"en" followed by a
 * capital; any other name is all title.
 */
export function splitPlaceName(name: string): { title: string; town: string | null } {
  const match = /^(.+?) (?:de|del|en) (\p{Lu}.*)$/u.exec(name.trim());
  if (!match) return { title: name, town: null };
  return { title: match[1]!, town: match[2]! };
}
