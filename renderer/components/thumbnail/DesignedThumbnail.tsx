import type { CSSProperties } from "react";
import { resolvedThumbnailSettings, thumbnailFilterCss, type ThumbnailSettings } from "../../../contract/index.js";
import { TypeIcon } from "../Icon.js";
import { IconGlyph } from "../icons/IconGlyph.js";

/**
 * A thumbnail as the designer made it: the image (with its filter) under the overlay color at its opacity,
 * or, without an image, the background color with the type icon (or the chosen default-icon) in its color, unless hidden.
 */
export function DesignedThumbnail({ imageUrl, settings, iconKind, label, iconSize = 40, className = "" }: { imageUrl: string | null; settings: ThumbnailSettings | null; iconKind: string; label: string; iconSize?: number; className?: string }) {
  const s = resolvedThumbnailSettings(settings);
  const background: CSSProperties = { backgroundColor: s["default-background-color"] };
  return (
    <span className={`designed-thumb ${className}`} role="img" aria-label={label} style={background} data-testid="designed-thumbnail">
      {imageUrl ? (
        <img className="designed-thumb__image" src={imageUrl} alt="" loading="lazy" decoding="async" style={{ filter: thumbnailFilterCss(s["overlay-filter"], s["overlay-filter-strength"]) }} />
      ) : (
        !s["hide-default-icon"] && (
          <span className="designed-thumb__icon" style={{ color: s["default-icon-color"] }}>
            {s["default-icon"] ? <IconGlyph icon={s["default-icon"]} size={iconSize} /> : <TypeIcon kind={iconKind} size={iconSize} />}
          </span>
        )
      )}
      {s["overlay-opacity"] > 0 && <span className="designed-thumb__overlay" data-testid="thumbnail-overlay" style={{ backgroundColor: s["overlay-color"], opacity: s["overlay-opacity"] }} />}
    </span>
  );
}
