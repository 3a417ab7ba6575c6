import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { CAROUSEL, CAROUSEL_TEXTS, FOOTER_CAROUSEL, type SearchResultItem } from "../../../contract/index.js";
import { useFooterCarousel } from "../../api/carousels.js";
import { useStoredPreference } from "../../hooks/useStoredPreference.js";
import { Icon, TypeIcon } from "../Icon.js";
import { DesignedThumbnail } from "../thumbnail/DesignedThumbnail.js";
import { RotationButton } from "./RotationButton.js";
import { useCarousel } from "./useCarousel.js";

const VISIBILITY = ["shown", "hidden"] as const;

/** Items a page shows at the window's width: 2 below the lg breakpoint (850 px), 3 from there (first document, section 9). */
function usePerPage(): number {
  const query = `(min-width: ${FOOTER_CAROUSEL.breakpoints.lg}px)`;
  const [wide, setWide] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const handleChange = () => setWide(list.matches);
    list.addEventListener("change", handleChange);
    return () => list.removeEventListener("change", handleChange);
  }, [query]);
  return wide ? FOOTER_CAROUSEL.perPage.lg : FOOTER_CAROUSEL.perPage.md;
}

/**
 * The footer carousel (first document: "Footer carousel with hide/show"): a collection read from `sourceUrl`
 * (GET {source url}), its items a few to a page with prev/next (wrapping), and a Hide/Show toggle this browser
 * remembers per source URL. It turns a page every 8000 ms like every carousel of the spec (first document, sections 4
 * and 9), pausing on hover, focus and its pause button, and not while hidden. Shown only when the source answers with
 * items the asker may see.
 */
export function FooterCarousel({ sourceUrl }: { sourceUrl: string }) {
  const { data, isError } = useFooterCarousel(sourceUrl);
  // A failed refetch keeps the last data: after signing out that would go on showing the member's items to a guest.
  if (isError || !data || data.items.length === 0) return null;
  return <FooterCarouselPages sourceUrl={sourceUrl} title={data.title} link={data.link} items={data.items} />;
}

function FooterCarouselPages({ sourceUrl, title, link, items }: { sourceUrl: string; title: string; link: string; items: SearchResultItem[] }) {
  const headingId = useId();
  const bodyId = useId();
  const [visibility, setVisibility] = useStoredPreference(`footerCarousel.${sourceUrl}`, VISIBILITY, "shown");
  const shown = visibility === "shown";
  const perPage = usePerPage();
  // It turns every 8000 ms as the spec's carousels do (pausing as the news carousel does), but not while hidden.
  const carousel = useCarousel({ itemCount: items.length, perPage, autoRotateMs: shown ? CAROUSEL.autoRotateMs : null });
  const first = carousel.first;
  const onPage = items.slice(first, first + perPage);

  return (
    <section className="footer-carousel" aria-roledescription="carousel" aria-labelledby={headingId} {...carousel.hoverFocusHandlers}>
      <div className="footer-carousel__head">
        <h2 id={headingId} className="footer-carousel__title">
          <span className="footer-carousel__kicker">Featured collection</span> <Link to={link}>{title}</Link>
        </h2>
        {shown && carousel.pageCount > 1 && (
          <div className="footer-carousel__paging" onKeyDown={carousel.handleArrowKeys}>
            <RotationButton carousel={carousel} />
            <button type="button" className="icon-button" aria-controls={bodyId} onClick={carousel.previous}>
              <Icon name="chevronLeft" />
              <span className="visually-hidden">{CAROUSEL_TEXTS.previousPage}</span>
            </button>
            <span className="footer-carousel__position">
              {first + 1}–{first + onPage.length} of {items.length}
            </span>
            <button type="button" className="icon-button" aria-controls={bodyId} onClick={carousel.next}>
              <Icon name="chevronRight" />
              <span className="visually-hidden">{CAROUSEL_TEXTS.nextPage}</span>
            </button>
          </div>
        )}
        <button type="button" className="button button--small button--secondary" aria-expanded={shown} aria-controls={bodyId} onClick={() => setVisibility(shown ? "hidden" : "shown")}>
          {shown ? "Hide" : "Show"}
          <span className="visually-hidden"> featured collection</span>
        </button>
      </div>
      <ul id={bodyId} className="footer-carousel__items" style={{ gridTemplateColumns: `repeat(${perPage}, minmax(0, 1fr))` }} aria-live={carousel.paused ? "polite" : "off"} hidden={!shown}>
        {onPage.map((item) => (
          <FooterCard key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}

/** One item of the footer carousel: thumbnail, title (its page) and type. */
function FooterCard({ item }: { item: SearchResultItem }) {
  const typeName = item.common.type_name_singular;
  const iconKind = item.sub_type ?? item.model_key;
  const thumb = item.thumb_url ?? item.thumb_url_medium;
  return (
    <li className="footer-card">
      <div className="footer-card__thumb">
        {item.thumbnail_settings ? (
          <DesignedThumbnail imageUrl={thumb} settings={item.thumbnail_settings} iconKind={iconKind} label={`${typeName} thumbnail`} iconSize={28} />
        ) : thumb ? (
          <img src={thumb} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className="footer-card__placeholder">
            <TypeIcon kind={iconKind} size={28} />
          </span>
        )}
      </div>
      <div className="footer-card__body">
        <Link className="footer-card__title" to={item.link}>
          {item.title}
        </Link>
        <span className="footer-card__type">{typeName}</span>
      </div>
    </li>
  );
}
