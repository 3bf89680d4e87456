import { ResponsiveImage } from "~/images/ui/responsive-image";
import type { ComponentProps } from "react";

type ImageProps = ComponentProps<typeof ResponsiveImage>;

export interface ListedSponsor {
  id: number;
  title: string;
  logo: ImageProps["image"] | null;
  website: string | null;
}

/**
 * One sponsor in a list (the landing page's sponsors section, the shared sponsor strip): its logo, or its name when
 * it has none, linked to its site in a new tab when it has one. `block` names the list's classes (`<block>__logo`,
 * `__name`, `__link`); `logo` sizes the picture for that list.
 */
export function SponsorItem({
  sponsor,
  block,
  logo,
}: {
  sponsor: ListedSponsor;
  block: string;
  logo: Pick<ImageProps, "sizes" | "width" | "height">;
}) {
  const face = sponsor.logo ? (
    <ResponsiveImage image={sponsor.logo} alt={sponsor.title} className={`${block}__logo`} {...logo} />
  ) : (
    <span className={`${block}__name`}>{sponsor.title}</span>
  );
  return (
    <li>
      {sponsor.website ? (
        <a href={sponsor.website} rel="noopener noreferrer sponsored" target="_blank" className={`${block}__link`}>
          {face}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : (
        face
      )}
    </li>
  );
}
