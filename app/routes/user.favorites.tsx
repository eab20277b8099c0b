/**
 * `/user/favorites` (spec §2, ucenter layout, sign-in required): the topics the reader saved,
 * newest first, with "load more" by cursor and a remove button on each.
 */
import {
  useLoaderData,
  type AppLoadContext,
  type LoaderFunctionArgs,
} from "react-router";
import { accountMeta } from "~/components/account/page-meta";
import { FavoriteList } from "~/components/comment/favorite-list";
import { unwrapResult } from "~/components/comment/ucenter-data.server";
import { UcenterPage } from "~/components/comment/ucenter-page";
import { requireUser } from "~/lib/auth.server";
import { reactionActions } from "../../common/actions/reactions";
import { useT } from "~/lib/use-t";

export const meta = accountMeta("ucenter.favorites.title");

export async function loader({
  context,
  request,
}: LoaderFunctionArgs<AppLoadContext>) {
  requireUser(context, request);
  const page = unwrapResult(await context.read(reactionActions.favorites, {}));
  return { page, now: context.site.now() };
}

export default function FavoritesPage() {
  const t = useT();
  const { page, now } = useLoaderData<typeof loader>();
  return (
    <UcenterPage
      title={t("ucenter.favorites.title")}
      description={t("ucenter.favorites.description")}
      now={now}
    >
      <FavoriteList initial={page} />
    </UcenterPage>
  );
}
