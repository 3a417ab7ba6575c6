import { useId, type CSSProperties } from "react";
import { Link } from "react-router";
import { CAROUSEL_TEXTS, type CommunityCalloutSettings, type NewsCarouselItem } from "../../../contract/index.js";
import { useNews } from "../../api/carousels.js";
import { Icon } from "../Icon.js";
import { ReadMore } from "./ReadMore.js";
import { RotationButton } from "./RotationButton.js";
import { useCarousel } from "./useCarousel.js";

/** `#rrggbb` at an opacity, as CSS. */
function withOpacity(hex: string, opacity: number): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r} ${g} ${b} / ${opacity})`;
}

/** The callout panel's look from its settings (first document, section 3). */
export function calloutStyle(s: CommunityCalloutSettings): CSSProperties {
  const blur = s.background_blur > 0 ? `blur(${s.background_blur}px)` : undefined;
  return {
    background: withOpacity(s.background_color, s.background_opacity),
    color: s.text_color,
    textShadow: s.text_shadow_color ? `0 1px 2px ${s.text_shadow_color}` : undefined,
    backdropFilter: blur,
    WebkitBackdropFilter: blur,
    ["--callout-text" as string]: s.text_color,
  };
}

/**
 * The news carousel (first document: "news carousel with slide dots and prev/next"): one slide per news item, a banner
 * with its callout (title, a description cut to 5 lines with More/Less, the call to action). Pages wrap around and
 * rotate every 8000 ms, pausing while hovered or focused, with a visible pause/play control (WCAG 2.2.2). Shown only
 * when there is news.
 */
export function NewsCarousel() {
  const { data } = useNews();
  const items = data?.data ?? [];
  return items.length > 0 ? <NewsSlides items={items} /> : null;
}

function NewsSlides({ items }: { items: NewsCarouselItem[] }) {
  const headingId = useId();
  // One news item a slide.
  const carousel = useCarousel({ itemCount: items.length, perPage: 1 });
  const several = items.length > 1;

  return (
    <section className="news-carousel" aria-roledescription="carousel" aria-labelledby={headingId} {...carousel.hoverFocusHandlers}>
      <h2 id={headingId} className="visually-hidden">
        {CAROUSEL_TEXTS.newsRegion}
      </h2>
      {/* Announced when the reader turns the slides, not while they rotate on their own. */}
      <div className="news-carousel__slides" aria-live={carousel.paused ? "polite" : "off"}>
        {items.map((item, index) => (
          <NewsSlide key={item.id} item={item} label={`${index + 1} of ${items.length}`} current={index === carousel.page} />
        ))}
      </div>
      {several && (
        <div className="news-carousel__controls" onKeyDown={carousel.handleArrowKeys}>
          <RotationButton carousel={carousel} className="news-carousel__rotation" />
          <button type="button" className="icon-button" disabled={!carousel.hasPrevious} onClick={carousel.previous}>
            <Icon name="chevronLeft" />
            <span className="visually-hidden">{CAROUSEL_TEXTS.previous}</span>
          </button>
          <div className="news-carousel__dots" role="group" aria-label="Choose a slide">
            {items.map((item, index) => (
              <button
                key={item.id}
                type="button"
                className="news-carousel__dot"
                aria-label={`Slide ${index + 1}: ${item.title}`}
                aria-current={index === carousel.page ? "true" : undefined}
                onClick={() => carousel.goTo(index)}
              />
            ))}
          </div>
          <button type="button" className="icon-button" disabled={!carousel.hasNext} onClick={carousel.next}>
            <Icon name="chevronRight" />
            <span className="visually-hidden">{CAROUSEL_TEXTS.next}</span>
          </button>
        </div>
      )}
    </section>
  );
}

/** One news item as its slide: also the administrators' preview of an item they write (scenes/moderation/NewsScene). */
export function NewsSlide({ item, label, current }: { item: NewsCarouselItem; label: string; current: boolean }) {
  const settings = item.community_callout_settings;
  const title = settings.title || item.title;
  const description = settings.description || item.description;
  return (
    <div className="news-slide" role="group" aria-roledescription="slide" aria-label={label} hidden={!current}>
      {item.banner_url && <img className="news-slide__banner" src={item.banner_url} alt={settings.background_alt_text} />}
      <div className="news-slide__callout" style={calloutStyle(settings)}>
        <h3 className="news-slide__title">{title}</h3>
        {description && <ReadMore text={description} className="news-slide__description" />}
        {item.link && <CallToAction link={item.link} text={item.cta_text || CAROUSEL_TEXTS.defaultCta} settings={settings} title={title} />}
      </div>
    </div>
  );
}

/** The slide's call to action: inside the app without a reload, elsewhere in a new tab. */
function CallToAction({ link, text, settings, title }: { link: string; text: string; settings: CommunityCalloutSettings; title: string }) {
  const className = `button news-slide__cta news-slide__cta--${settings.button_variant}${settings.button_outline ? " news-slide__cta--outline" : ""}`;
  // The same words may lead from several slides: the slide's title tells them apart.
  const context = <span className="visually-hidden">: {title}</span>;
  if (link.startsWith("/"))
    return (
      <Link className={className} to={link}>
        {text}
        {context}
      </Link>
    );
  return (
    <a className={className} href={link} target="_blank" rel="noopener noreferrer">
      {text}
      {context}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
