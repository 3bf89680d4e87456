import { useKeenSlider, type KeenSliderPlugin } from "keen-slider/react.es.js";
import { useEffect, useId, useRef, useState } from "react";
import { ResponsiveImage } from "~/images/ui/responsive-image";
import { useHydrated } from "~/ui/use-hydrated";

export type Slide = { image: string; caption: string };

/** The previous or next button of a carousel whose track has the id `track`. */
function SlideArrow({
  track,
  label,
  onClick,
  children,
}: {
  track: string;
  label: string;
  onClick: () => void;
  children: string;
}) {
  return (
    <button type="button" className="landing-slides__arrow" aria-controls={track} onClick={onClick} aria-label={label}>
      {children}
    </button>
  );
}

/**
 * A carousel of pictures: the landing page's slides, and an auction item's photos on the bidding pages. Before
 * JavaScript (and without it) every slide is in the page, in a row that scrolls sideways with snapping, with a numbered
 * link to each (a link to an element scrolls the row to it, no script needed); without JavaScript the next slide also
 * shows at the row's edge (landing.css), so that a guest sees there are more. Once hydrated, keen-slider takes over
 * with previous/next buttons, a dot per slide, swiping, and autoplay when the organiser set it, which pauses on hover
 * and focus, has a pause button (WCAG 2.2.2), and stays off for visitors who ask for reduced motion.
 */
export function Slides({
  slides,
  autoplaySeconds,
  label,
  firstOnFirstScreen = false,
}: {
  slides: Slide[];
  autoplaySeconds: number;
  /** The first slide is the page's largest picture on a phone's first screen (an item's page): fetched first. */
  firstOnFirstScreen?: boolean;
  label: string;
}) {
  const hydrated = useHydrated();
  // The slides' ids are links' fragments too: useId's colons would be escaped in the address.
  const id = `slides-${useId().replace(/:/g, "")}`;
  const slideId = (index: number) => `${id}-slide-${index + 1}`;
  const [current, setCurrent] = useState(0);
  const [ready, setReady] = useState(false);
  const [playing, setPlaying] = useState(autoplaySeconds > 0);
  useEffect(() => {
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) setPlaying(false);
  }, []);
  // Read by the autoplay plugin each time it would turn a slide, so pausing needs no new slider.
  const delay = useRef(0);
  delay.current = playing ? autoplaySeconds * 1000 : 0;
  const [ref, slider] = useKeenSlider<HTMLDivElement>(
    {
      loop: slides.length > 1,
      initial: 0,
      created: () => setReady(true),
      slideChanged: (s) => setCurrent(s.track.details.rel),
      destroyed: () => setReady(false),
    },
    [autoplay(() => delay.current)],
  );
  useEffect(() => {
    if (playing) slider.current?.emit("updated");
  }, [playing, slider]);
  const count = slides.length;
  const controls = (
    <>
      <SlideArrow track={`${id}-track`} label="Previous slide" onClick={() => slider.current?.prev()}>
        ‹
      </SlideArrow>
      <div className="landing-slides__dots">
        {slides.map((_, index) => (
          <button
            key={index}
            type="button"
            className="landing-slides__dot"
            aria-label={`Slide ${index + 1}`}
            aria-current={index === current ? "true" : undefined}
            aria-controls={`${id}-track`}
            onClick={() => slider.current?.moveToIdx(index)}
          />
        ))}
      </div>
      <SlideArrow track={`${id}-track`} label="Next slide" onClick={() => slider.current?.next()}>
        ›
      </SlideArrow>
      {autoplaySeconds > 0 ? (
        <button type="button" className="landing-slides__play" onClick={() => setPlaying((p) => !p)}>
          {playing ? "Pause" : "Play"}
        </button>
      ) : null}
    </>
  );
  return (
    <div className="landing-slides" role="region" aria-roledescription="carousel" aria-label={label}>
      <div
        ref={ref}
        className="keen-slider landing-slides__track"
        data-ready={ready ? "" : undefined}
        id={`${id}-track`}
        aria-live={playing ? "off" : "polite"}
        // While it is a scrolling row, the keyboard scrolls it too (the slides have nothing to focus).
        tabIndex={!ready && count > 1 ? 0 : undefined}
      >
        {slides.map((slide, index) => (
          // The slide is a group (a figure may not take that role); the figure inside pairs the picture and caption.
          <div
            key={`${slide.image}-${index}`}
            id={slideId(index)}
            className="keen-slider__slide landing-slides__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${count}`}
          >
            <figure className="landing-slides__figure">
              <ResponsiveImage
                image={slide.image}
                alt={slide.caption}
                className="landing-slides__image"
                sizes="(min-width: 72rem) 72rem, 100vw"
                // The first slide shows without scrolling (often the page's largest paint); the others wait their turn.
                loading={index === 0 ? "eager" : "lazy"}
                priority={firstOnFirstScreen && index === 0}
              />
              {slide.caption ? <figcaption className="landing-slides__caption">{slide.caption}</figcaption> : null}
            </figure>
          </div>
        ))}
      </div>
      {count > 1 ? (
        // The row is there from the first paint, with the links to each slide until the slider's buttons replace them
        // in the same height (landing.css), so that nothing below it moves when they arrive: a tap meant for the bid
        // form would land elsewhere.
        <div className="landing-slides__controls">
          {hydrated && ready ? controls : <SlideLinks slides={slides} slideId={slideId} label={label} />}
        </div>
      ) : null}
    </div>
  );
}

/**
 * A numbered link to each slide, for the row that scrolls (without JavaScript, and until keen-slider is ready): the
 * browser scrolls the row to the slide a link names. Each link's name says which picture it shows.
 */
function SlideLinks({
  slides,
  slideId,
  label,
}: {
  slides: Slide[];
  slideId: (index: number) => string;
  label: string;
}) {
  return (
    <nav aria-label={`${label}: go to a slide`}>
      <ol className="landing-slides__links">
        {slides.map((slide, index) => (
          <li key={`${slide.image}-${index}`}>
            <a
              className="landing-slides__link"
              href={`#${slideId(index)}`}
              aria-label={`Slide ${index + 1}${slide.caption ? `: ${slide.caption}` : ""}`}
            >
              {index + 1}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** keen-slider's autoplay recipe: the next slide every `delay()` ms (none while it is 0), held while the pointer or focus is on the carousel. */
function autoplay(delay: () => number): KeenSliderPlugin {
  return (slider) => {
    let timeout: ReturnType<typeof setTimeout> | undefined;
    let held = false;
    const clear = () => clearTimeout(timeout);
    const next = () => {
      clear();
      if (!held && delay() > 0) timeout = setTimeout(() => (delay() > 0 ? slider.next() : undefined), delay());
    };
    const hold = (value: boolean) => () => {
      held = value;
      if (held) clear();
      else next();
    };
    slider.on("created", () => {
      const el = slider.container;
      el.addEventListener("mouseover", hold(true));
      el.addEventListener("mouseout", hold(false));
      el.addEventListener("focusin", hold(true));
      el.addEventListener("focusout", hold(false));
      next();
    });
    slider.on("dragStarted", clear);
    slider.on("animationEnded", next);
    slider.on("updated", next);
    slider.on("destroyed", clear);
  };
}
