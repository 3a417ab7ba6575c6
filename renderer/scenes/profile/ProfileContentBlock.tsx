import { useId, useState } from "react";
import { Link } from "react-router";
import { MESSAGES, type ProfileView } from "../../../contract/index.js";
import { usePageBlock } from "../../api/pageBlocks.js";
import { useAppConfig } from "../../api/queries.js";
import { InlineLoadError } from "../../components/InlineLoadError.js";
import { ResultList } from "../search/ResultList.js";
import { ViewAllDialog } from "../search/ViewAllDialog.js";

/** How many items the block shows before View All (second document: list 6). */
const BLOCK_SIZE = 6;

/**
 * A person's content on their profile page: the first six of what the reader may see (titles A to Z), with View All
 * (the View All modal: every type or one, a search, 12 a page) and the full search of their content.
 */
export function ProfileContentBlock({ profile }: { profile: Pick<ProfileView, "id" | "name"> }) {
  const headingId = useId();
  const [viewingAll, setViewingAll] = useState(false);
  const appConfig = useAppConfig();
  const settings = { profile_id: profile.id };
  const block = usePageBlock("content", { settings, per: BLOCK_SIZE });
  const total = block.data?.arrObjResponse.total ?? 0;
  const title = `Content by ${profile.name}`;

  return (
    <section className="profile-content" aria-labelledby={headingId}>
      <div className="profile-content__head">
        <h2 id={headingId} className="section-title">
          {title}
        </h2>
        {block.data && <p className="profile-content__count">{total === 1 ? "1 item" : `${total.toLocaleString()} items`}</p>}
      </div>
      {block.isError ? (
        <InlineLoadError message={MESSAGES.genericLoad} onRetry={() => void block.refetch()} />
      ) : block.isPending ? (
        <p className="page-status">Loading…</p>
      ) : total === 0 ? (
        <p className="empty-note">Nothing here yet that you can see.</p>
      ) : (
        <ResultList items={block.data.arrObjResponse.data} layout="grid" busy={block.isFetching} />
      )}
      {total > 0 && (
        <div className="profile-content__actions">
          {total > BLOCK_SIZE && appConfig.data && (
            <button type="button" className="button button--primary" onClick={() => setViewingAll(true)}>
              View All
            </button>
          )}
          <Link className="button button--secondary" to={`/search/?f[owners][]=${profile.id}`}>
            Search {profile.name}’s content
          </Link>
        </div>
      )}
      {viewingAll && appConfig.data && <ViewAllDialog title={title} types={appConfig.data.searchTypes.filter((t) => !t.admin_only)} allTypes settings={settings} onClose={() => setViewingAll(false)} />}
    </section>
  );
}
