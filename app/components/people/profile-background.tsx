/**
 * The profile's background picture, shown across the top of the member's card. The owner's
 * buttons that set or remove it are ./profile-background-controls.tsx, a chunk of their own
 * (the upload rules and the users' contracts, with zod), loaded for the owner only.
 */
export function ProfileBanner({ background }: { background: string }) {
  if (!background) return null;
  return (
    <div className="-mx-5 -mt-5 mb-4 h-28 overflow-hidden rounded-t-xl bg-zinc-100 sm:h-36 dark:bg-zinc-800" data-testid="profile-background">
      <img src={background} alt="" className="size-full object-cover" loading="eager" decoding="async" />
    </div>
  );
}
