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
import {
  signedInViewer,
  unwrapResult,
} from "~/components/comment/ucenter-data.server";
import { UcenterPage } from "~/components/comment/ucenter-page";
import { useT } from "~/lib/use-t";

export const meta = accountMeta("ucenter.favorites.title");

export async function loader({
  context,
  request,
}: LoaderFunctionArgs<AppLoadContext>) {
  const viewer = signedInViewer(context, request);
  const page = unwrapResult(
    await context.site.interactions.favorites(viewer, {}),
  );
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
