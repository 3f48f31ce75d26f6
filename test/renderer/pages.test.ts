import { describe, expect, it } from 'vitest';
import { PAGES } from '../../renderer/App';
import { PAGE_IDS } from '../../renderer/store/uiSlice';

describe('screens', () => {
  it('the App’s pages are the store’s page ids, in order', () => {
    expect(PAGES.map((p) => p.id)).toEqual([...PAGE_IDS]);
  });
});
