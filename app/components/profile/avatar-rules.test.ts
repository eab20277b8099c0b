import { describe, expect, it } from 'vitest';
import { avatarFileProblem } from './avatar-rules';

describe('avatar picker rules', () => {
  it('takes jpeg, png, gif and webp up to 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'IMAGE/PNG']) expect(avatarFileProblem({ type, size: 1000 }), type).toBeNull();
    expect(avatarFileProblem({ type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
  });

  it('refuses other types, files over 5 MB and empty files', () => {
    for (const type of ['image/svg+xml', 'image/bmp']) expect(avatarFileProblem({ type, size: 1000 }), type).toBe('unsupportedType');
    for (const type of ['text/html', '']) expect(avatarFileProblem({ type, size: 1000 }), type).toBe('notImage');
    expect(avatarFileProblem({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('tooLarge');
    expect(avatarFileProblem({ type: 'image/png', size: 0 })).toBe('empty');
  });
});
