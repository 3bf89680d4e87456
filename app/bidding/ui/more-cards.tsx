import { useNavigate, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";

/**
 * The end of a long gallery: how many of its cards are shown, and a link to the next ones. Without JavaScript the link
 * loads the page with more cards and lands on the first new one. With it, the next cards come by themselves when the
 * guest scrolls to within a screen of the end, and the link adds them in place. Either way the address keeps how many
 * are shown, so coming back from an item finds the same list at the same place.
 */
export function MoreCards({
  href,
  firstNewCardId,
  shown,
  total,
  next,
  whenNear,
}: {
  /** The gallery's address with more cards shown. */
  href: string;
  /** The element id of the first card the link adds, where a page loaded without JavaScript scrolls to. */
  firstNewCardId: string;
  shown: number;
  total: number;
  next: number;
  /** Whether the next cards come by themselves as the guest nears the end (not in the page designer's picture). */
  whenNear: boolean;
}) {
  const navigate = useNavigate();
  const idle = useNavigation().state === "idle";
  const link = useRef<HTMLAnchorElement>(null);
  // Replaces the entry (Back leaves the gallery, not one step of it) and keeps the guest where they are.
  const showMore = useCallback(() => navigate(href, { replace: true, preventScrollReset: true }), [navigate, href]);

  useEffect(() => {
    const element = link.current;
    if (!element || !idle || !whenNear) return;
    // A screen's height below the viewport: the next cards are there before the guest reaches the end.
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        showMore();
      },
      { rootMargin: "0px 0px 100% 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [showMore, idle, whenNear]);

  return (
    <p className="gallery__more">
      Showing {shown} of {total} items.
      <a
        ref={link}
        className="button button--secondary button--md"
        href={`${href}#${firstNewCardId}`}
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          showMore();
        }}
      >
        Show {next} more
      </a>
    </p>
  );
}
