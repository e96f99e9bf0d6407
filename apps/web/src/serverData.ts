/**
 * What the server wrote into the page as `<script type="application/json" id="…">` (its spa.ts), or undefined
 * when it is missing or unreadable. With `once`, the script is removed as it is read: data for one use only.
 */
export function readJsonScript<T>(id: string, { once = false } = {}): T | undefined {
  const element = document.getElementById(id);
  if (once) element?.remove();
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as T;
  } catch {
    return undefined;
  }
}
