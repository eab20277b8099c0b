import { describe, expect, it } from 'vitest';
import { commonJsExports } from './lazy-package';

describe('commonJsExports', () => {
  it("takes a package's named exports from the module as Node gives them", async () => {
    const qrcode = await import('qrcode');
    expect(typeof commonJsExports(qrcode, 'toString').toString).toBe('function');
    expect(commonJsExports(qrcode, 'toString')).toBe(qrcode);
  });

  it('takes them from default as a bundle gives them, even for a name every object inherits (toString)', () => {
    const render = () => '<svg/>';
    const bundled = { default: { toString: render } } as unknown as { toString: typeof render };
    expect(commonJsExports(bundled, 'toString').toString).toBe(render);
  });
});
