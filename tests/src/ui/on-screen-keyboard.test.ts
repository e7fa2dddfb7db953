import { describe, expect, it } from 'vitest';
import { keyboardOpen } from '../../../src/ui/on-screen-keyboard.ts';

describe('the on-screen keyboard', () => {
  it.each([
    { layout: 780, visible: 780, editing: true, open: false },
    { layout: 780, visible: 460, editing: true, open: true },
    { layout: 780, visible: 460, editing: false, open: false },
    { layout: 780, visible: 700, editing: true, open: false },
    { layout: 780, visible: 630, editing: true, open: true },
  ])('layout $layout px, visible $visible px, typing $editing → open $open', ({ layout, visible, editing, open }) => {
    expect(keyboardOpen(layout, visible, editing)).toBe(open);
  });
});
