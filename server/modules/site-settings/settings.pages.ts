/** The settings slice of `context.site`: the back office's settings screen and the about page. */
import type { AppContext } from '../../context';
import { pageRead, type PageSlice } from '../../kernel/pages';
import { aboutPage, adminSettings } from './settings.usecases';

export function settingsPages(ctx: AppContext): PageSlice {
  return {
    admin: { settings: pageRead(ctx, adminSettings) },
    about: { page: () => aboutPage(ctx) },
  };
}
