import { useId } from "react";
import { Link } from "react-router";
import type { GroupMember } from "../../../contract/index.js";
import { useGroupMembers, type FeedOwner } from "../../api/feeds.js";

const ROLE_LABELS: Record<GroupMember["role"], string> = { leader: "Leader", member: "Member" };
const VIEWER_LINES: Record<GroupMember["role"], string> = { leader: "You lead this group", member: "You are a member of this group" };

/**
 * A group's people on its page: leaders first, then members, each name leading to their profile with a role label,
 * and a line telling the viewer its own place in the group. The first ones are listed; the heading's count says how
 * many there are in all.
 */
export function GroupMembersCard({ owner }: { owner: FeedOwner }) {
  const headingId = useId();
  const members = useGroupMembers(owner);
  const data = members.data;

  return (
    <section className="discuss-card members-card" aria-labelledby={headingId}>
      <div className="discuss-card__header">
        <h2 id={headingId} className="discuss-card__title">
          Members
        </h2>
        {data && <p className="discuss-card__count">{data.total === 1 ? "1 person" : `${data.total} people`}</p>}
      </div>
      {data?.viewer_role && <p className="members-card__you">{VIEWER_LINES[data.viewer_role]}</p>}
      {members.isPending ? (
        <p className="page-status">Loading members…</p>
      ) : members.error || !data ? (
        <p className="feed-card__empty">
          Members could not be loaded.{" "}
          <button type="button" className="link-button" onClick={() => void members.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <>
          <ul className="members-card__list" aria-label="Members">
            {data.data.map((m) => (
              <li key={m.id} className="members-card__person">
                <Link to={m.link}>{m.name}</Link>
                <span className={`members-card__role members-card__role--${m.role}`}>{ROLE_LABELS[m.role]}</span>
              </li>
            ))}
          </ul>
          {data.total > data.data.length && (
            <p className="feed-card__empty">
              Showing the first {data.data.length} of {data.total}.
            </p>
          )}
        </>
      )}
    </section>
  );
}
