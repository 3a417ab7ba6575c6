import type { ReactNode } from "react";
import { Link } from "react-router";
import { GROUP_JOIN_MODE_LABELS, type SearchResultItem } from "../../../contract/index.js";
import { CollectButton } from "../../components/collect/CollectButton.js";
import { QuickInfoTrigger } from "../../components/content/QuickInfoPopover.js";
import { FavoriteButton } from "../../components/FavoriteButton.js";
import { TypeIcon } from "../../components/Icon.js";
import { DesignedThumbnail } from "../../components/thumbnail/DesignedThumbnail.js";
import { inAppItemPath } from "./resultLink.js";
import { shortDescription } from "./searchState.js";

/**
 * One search result (list row or grid card), with its favorite and collect buttons where the type has them, and the
 * quick-info popover on its title for signed-in profiles. A group's card says how one joins it.
 */
export function ResultCard({ item, actions }: { item: SearchResultItem; actions?: ReactNode }) {
  const typeName = item.common.type_name_singular;
  const thumb = item.thumb_url ?? item.thumb_url_medium;
  const description = shortDescription(item.description);
  const titleId = `result-${item.model_key}-${item.id}`;
  // Groups are profiles with the "group" sub type; they get the group icon.
  const iconKind = item.sub_type ?? item.model_key;
  // Item pages open inside the app (no reload); any other link leaves it.
  const appPath = inAppItemPath(item.link, window.location.href);
  // The item's grade bands (K–2, 3–5...); an older server leaves them out.
  const gradeBands = item.common.grade_bands ?? [];

  return (
    <article className="result-card" aria-labelledby={titleId}>
      <div className={`result-card__thumb${item.thumbnail_contain ? " result-card__thumb--contain" : ""}`}>
        {item.thumbnail_settings || (thumb && item.common.features["designed-thumbnails"]) ? (
          <DesignedThumbnail imageUrl={thumb} settings={item.thumbnail_settings} iconKind={iconKind} label={`${typeName} thumbnail`} />
        ) : thumb ? (
          <img src={thumb} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className="result-card__placeholder" role="img" aria-label={`${typeName} thumbnail`}>
            <TypeIcon kind={iconKind} size={40} />
          </span>
        )}
      </div>
      <div className="result-card__body">
        <h3 className="result-card__title" id={titleId}>
          {/* The quick-info popover on hover (second document: "Search filters: ... Quick-info popover on hover"). */}
          <QuickInfoTrigger modelKey={item.model_key} id={item.id}>
            {appPath ? <Link to={appPath}>{item.title}</Link> : <a href={item.link}>{item.title}</a>}
          </QuickInfoTrigger>
        </h3>
        <p className="result-card__meta">
          <span className="result-card__type">
            <TypeIcon kind={iconKind} size={16} />
            {typeName}
          </span>
          <span className="result-card__owner">
            <span className="visually-hidden">Owner: </span>
            {item.owner_data.name}
          </span>
          {/* How one gets into a group (an older server leaves it out). */}
          {item.join_mode && (
            <span className="result-card__joining">
              <span className="visually-hidden">How to join: </span>
              {GROUP_JOIN_MODE_LABELS[item.join_mode]}
            </span>
          )}
          {gradeBands.length > 0 && (
            <span className="result-card__grades">
              <span className="visually-hidden">Grade bands: </span>
              <span aria-hidden="true">Grades </span>
              {gradeBands.join(", ")}
            </span>
          )}
        </p>
        {description && <p className="result-card__description">{description}</p>}
      </div>
      {/* Where a card is listed for one task (adding it somewhere, taking it out), that task's controls replace Favorite and Collect. */}
      {actions !== undefined ? (
        <div className="result-card__actions">{actions}</div>
      ) : (
        (item.common.features.favorite || item.common.features.collectible) && (
          <div className="result-card__actions">
            {item.common.features.favorite && <FavoriteButton item={item} />}
            {item.common.features.collectible && <CollectButton item={item} />}
          </div>
        )
      )}
    </article>
  );
}
