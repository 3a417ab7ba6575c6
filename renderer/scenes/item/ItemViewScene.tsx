import "katex/dist/katex.min.css";
import { useEffect, useRef, type ReactNode } from "react";
import { Link, useLocation, useParams } from "react-router";
import { ApiError } from "../../api/ApiError.js";
import { useItem } from "../../api/editor.js";
import { useCurrentProfile } from "../../api/queries.js";
import { Alert } from "../../components/Alert.js";
import { FavoriteButton } from "../../components/FavoriteButton.js";
import { Icon } from "../../components/Icon.js";
import { PageTitle } from "../../components/PageTitle.js";
import { showPendingToast } from "../../components/content/pendingToast.js";
import { RelatedSidebar } from "../../components/content/RelatedSidebar.js";
import { StandardsSummaryCard } from "../../components/standards/StandardsSummaryCard.js";
import { EndorsementsCard } from "../../components/content/EndorsementsCard.js";
import { AboutCard, hasAbout } from "../../components/content/AboutCard.js";
import { ItemTags } from "../../components/content/ItemTags.js";
import { ItemActions } from "./ItemActions.js";
import { DesignedThumbnail } from "../../components/thumbnail/DesignedThumbnail.js";
import { ItemContentActions } from "./ItemContentActions.js";
import { CollectionItems } from "./CollectionItems.js";
import { CollectButton } from "../../components/collect/CollectButton.js";
import { DiscussCard } from "../../components/discussions/DiscussCard.js";
import { FeedCard } from "../../components/feed/FeedCard.js";
import { GroupMembersCard } from "../../components/feed/GroupMembersCard.js";
import { GroupPageJoinOffer } from "../../components/feed/GroupJoinOffer.js";
import { GroupDiscussionsCard } from "../../components/discussions/GroupDiscussionsCard.js";
import { PATHS, signInPath } from "../../routes/paths.js";
import { CURRICULUM_MODEL_KEYS } from "../../../contract/index.js";
import { loadProblemTitle } from "./loadProblemTitle.js";
import { RequestAccessCard } from "./RequestAccessCard.js";
import { GroupGuestCard, GroupOutsiderCard } from "./GroupOutsiderCard.js";

/** The type path of groups' pages (contract/editor.ts CONTENT_TYPE_PATHS). */
const GROUP_TYPE_PATH = "groups";
import { ItemSections } from "./ItemSections.js";
import { useCurrentItemAddress } from "./useCurrentItemAddress.js";
import { ResourceViewPanel } from "../../components/resourceView/ResourceViewDialog.js";
import { DeletedThreadsCard } from "../../components/sectionComments/DeletedThreadsCard.js";

/** Curriculum items (lesson plans, outlines, projects, pathways) show when each endorsement was published (second document). */
const isCurriculum = (modelKey: string) => (CURRICULUM_MODEL_KEYS as readonly string[]).includes(modelKey);

/**
 * An item's page at its link: title, description and the body (HTML sanitized on the server, equations rendered by
 * KaTeX); a collection's page also lists its items. Types that can be favorited get the Favorite button (guests: the
 * guest modal), collectible types the Collect button. A group's page has its way in beside its name (for a signed-in
 * reader not in it), its people, its feed and its discussion threads; every other item's page ends with its Discuss card.
 */
export function ItemViewScene({ typePath }: { typePath: string }) {
  const { uid = "" } = useParams();
  const { data: item, error, isPending, refetch } = useItem(typePath, uid);
  useCurrentItemAddress(item, typePath, uid);
  const profile = useCurrentProfile();
  const titleRef = useRef<HTMLHeadingElement>(null);
  // An owner change reloads the page; its message is shown once the page is back.
  useEffect(() => showPendingToast(), []);

  if (isPending) return <p className="page-status">Loading…</p>;
  if (error || !item) {
    const problem = <ItemLoadProblem error={error} onRetry={() => void refetch()} />;
    // A restricted item answers 401 to guests and 404 to members: the preview card offers signing in or asking for access.
    const status = error instanceof ApiError ? error.status : 0;
    if (status === 401) return typePath === GROUP_TYPE_PATH ? <GroupGuestCard /> : <RequestAccessCard key={uid} uid={uid} signedIn={false} fallback={problem} />;
    // An "Only members" group's outsider who followed its link meets its name and a way in, not a request for access to a page.
    if (status === 404 && profile && typePath === GROUP_TYPE_PATH) return <GroupOutsiderCard key={uid} uid={uid} fallback={problem} />;
    return status === 404 && profile ? <RequestAccessCard key={uid} uid={uid} signedIn fallback={problem} /> : problem;
  }
  const isCollection = item.model_key === "collection";
  const isGroup = item.model_key === "profile" && item.sub_type === "group";
  return (
    <div className="item-layout">
      <article className="item-page">
        <PageTitle title={item.title} />
        <header className="item-page__header">
          <DesignedThumbnail imageUrl={item.thumbnail.thumb_url} settings={item.thumbnail.thumbnail_settings} iconKind={item.model_key === "profile" ? (item.sub_type ?? "profile") : item.model_key} label={`${item.title} thumbnail`} className="designed-thumb--page" />
          <div className="item-page__heading">
            <p className="editor-page__kicker">{item.type_name_singular}</p>
            <h1 className="page-title" ref={titleRef} tabIndex={-1}>
              {item.title}
            </h1>
            {/* A group's owner is its leader. */}
            <p className="item-page__owner">
              {isGroup ? "Led by" : "By"} {item.owner_data.name}
            </p>
            {/* A group's way in, where a newcomer looks first (the Feed card points here). Once joined or asked, the button
                pressed is gone: reading goes on from the group's name. */}
            {isGroup && item.features.feed && !item.viewed_by_link && <GroupPageJoinOffer key={`join:${item.id}`} page={item} onDone={() => titleRef.current?.focus()} />}
            {item.badges.length > 0 && (
              <ul className="item-badges" aria-label="Badges">
                {item.badges.map((badge) => (
                  <li key={badge.id} className="item-badges__badge" title={badge.description}>
                    <Icon name="award" size={16} />
                    {badge.name}
                    {/* The description reaches keyboard, touch and screen-reader users too, not only a mouse's tooltip. */}
                    <span className="visually-hidden">: {badge.description}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="item-page__actions">
            {/* Shown to guests too, whose click opens the guest modal (the server lets only the signed-in favorite); not to a
                link viewer, whom the server would refuse even signed in (a link share gives viewing only). */}
            {item.features.favorite && !item.viewed_by_link && <FavoriteButton item={item} variant="text" />}
            {item.features.collectible && !item.viewed_by_link && <CollectButton item={item} variant="text" />}
            <ItemContentActions item={item} typePath={typePath} />
            {item.abilities.edit && (
              <Link className="button button--primary" to={`${item.link}/edit`}>
                Edit
              </Link>
            )}
          </div>
        </header>
        <ItemActions item={item} />
        {item.description && <p className="item-page__description">{item.description}</p>}
        <ItemTags tags={item.tags} />
        {item.resource_view && <ResourceViewPanel view={item.resource_view} title={item.title} />}
        <ItemSections item={item} signedIn={profile !== null} />
        {/* A resource is its link or file, a group's About text is its description: an empty body is only worth a note when
            there is nothing else to read. */}
        {item.sections.length === 0 && !item.description && !isCollection && !item.resource_view && <p className="empty-note">Nothing has been written here yet.</p>}
        {isCollection && <CollectionItems key={item.uid} collection={item} />}
        {/* A group's people and its feed are asked for by the item's id, which a link share does not open. */}
        {item.features.feed && !item.viewed_by_link && <GroupMembersCard key={`members:${item.id}`} owner={item} />}
        {item.features.feed && !item.viewed_by_link && <FeedCard key={item.id} owner={item} />}
        {/* A group's discussion threads, named by opaque_id like the Discuss card (a link viewer reads them only). */}
        {item.features.feed && <GroupDiscussionsCard key={`group:${item.opaque_id}`} opaqueId={item.opaque_id} />}
        {/* A group talks in its discussions and feed, which its members join: no Discuss card, open to anyone signed in, beside them. */}
        {!item.features.feed && <DiscussCard key={item.opaque_id} opaqueId={item.opaque_id} title={item.title} />}
      </article>
      {(item.endorsements.length > 0 || item.has_standards || hasAbout(item) || !item.viewed_by_link) && (
        <div className="item-sidebar">
          {/* Who made it, copied it and wrote it (a copy's origin, a resource's authors); the endorsements follow the standards. */}
          <AboutCard item={item} />
          {/* Asked for by the item's link, as View standards is, so a link viewer has it too. */}
          {item.has_standards && <StandardsSummaryCard key={`standards:${item.link}`} link={item.link} />}
          <EndorsementsCard endorsements={item.endorsements} showDates={isCurriculum(item.model_key)} />
          {/* The comments on removed sections, for the item's editors (asked for by the item's id, as the section comments are). */}
          <DeletedThreadsCard key={`removed-threads:${item.id}`} item={item} enabled={profile !== null && item.abilities.edit && !item.viewed_by_link} />
          {/* Related content is asked for by the item's id, which a link share does not open. */}
          {/* A group's tags are its group types, which only groups carry and Related content never lists: always empty for a group. */}
          {!item.viewed_by_link && <RelatedSidebar key={item.id} item={item} withRelated={!isGroup} />}
        </div>
      )}
    </div>
  );
}

/**
 * What the item pages show when the item cannot be loaded: sign in, no access, not found, or the generic message.
 * A 401, 403 or 404 is an expected answer, said here only (the item's query raises no toast).
 */
export function ItemLoadProblem({ error, onRetry }: { error: Error | null; onRetry: () => void }) {
  const location = useLocation();
  const status = error instanceof ApiError ? error.status : 0;
  const title = loadProblemTitle(status);
  return (
    <div className="message-page">
      <PageTitle title={title} />
      <h1 className="page-title">{title}</h1>
      {status === 401 ? (
        <p>
          <Link className="button button--primary" to={signInPath(location.pathname)}>
            Sign in
          </Link>
        </p>
      ) : status === 403 || status === 404 ? (
        <>
          <p>{status === 404 ? "The item you asked for does not exist, or you may not see it." : "Your account may not see this item."}</p>
          <p>
            <Link className="button button--primary" to={PATHS.search}>
              Go to search
            </Link>
          </p>
        </>
      ) : (
        // The failure itself is told by the spec's toast (useItem, useTemplate): here only a way on.
        <p>
          <button type="button" className="button button--primary" onClick={onRetry}>
            Try again
          </button>
        </p>
      )}
    </div>
  );
}

/** The page an edit route shows to someone who may not edit: the title and why, in an info alert. */
export function EditRefused({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="message-page">
      <PageTitle title={title} />
      <h1 className="page-title">{title}</h1>
      <Alert tone="info">{children}</Alert>
    </div>
  );
}
