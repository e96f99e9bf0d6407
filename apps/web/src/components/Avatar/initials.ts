// A user without a picture: their initials on a colour of their own (the Avatar component, the map's markers).

// Dark enough for white initials at AA contrast.
const COLORS = ['#0b5563', '#b03a0b', '#5f3dc4', '#1864ab', '#a61e4d', '#2b6a34', '#7a4a12'];

export function colorFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return COLORS[hash % COLORS.length]!;
}

export function initialsOf(name: string): string {
  const parts = name
    .replace(/[_.-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts[1]![0]] : [...(parts[0] ?? '?')].slice(0, 2);
  return letters.join('').toUpperCase();
}
