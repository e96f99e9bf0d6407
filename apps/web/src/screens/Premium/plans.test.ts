import { describe, expect, it } from 'vitest';
import { isAppRoute } from '@nomadas/shared';
import { comingSoon, included, questions } from './plans';

describe('the premium page (issue #33)', () => {
  it('offers only what exists: each free feature names the screen where it works', () => {
    for (const feature of included) {
      if (feature.to === undefined) {
        // The one feature without a screen of its own: the chat opens from the header.
        expect(feature.text).toMatch(/^Chat /);
        continue;
      }
      expect(isAppRoute(feature.to.split('?')[0]!), feature.text).toBe(true);
    }
  });

  it("sells nothing: Premium's features are all coming, with no price and no way to pay", () => {
    expect(comingSoon.length).toBeGreaterThan(0);
    // There are no ads to remove, nor a phone line or a verification process behind the old promises.
    for (const text of comingSoon) expect(text).not.toMatch(/publicidad|telef|verificad|prioritari/i);
    const answers = questions('nómadas').map((q) => `${q.question} ${q.answer}`).join(' ');
    expect(answers).not.toMatch(/€|tarjeta|enlace de pago|mensual|anual|cancelar/i);
  });
});
